; Corrections to chapter5_search.m (ERRATA.md).

; E1, E2: mapapp appends (*), where the printed form conses (.), and calls itself, not mappap.
mapapp[u,fn] ← if n u then NIL else fn[a u] * mapapp[d u,fn].
