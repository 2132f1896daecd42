; McCarthy 1973, ch. 5 "Tree search": the general search, and allsol in its two forms.
; As printed.  A statement begins at the start of a line; indented lines continue it.

search p ← if lose p then LOSE else if ter p then p else searchlis[successors p]
searchlis u ←  if n u then LOSE else {search a u}[λx.if x = LOSE then searchlis d u else x].
allsol p ← if lose p then NIL else if ter p then (p) else mapapp[successors p,allsol],
mapapp[u,fn] ← if n u then NIL else fn[a u] . mappap[d u,fn].
allsol p ← allsola[p,NIL]
allsola[p,found] ← if lose p then found else if ter p then p . found else allsolb[successors p,found],
allsolb[u,found] ← if n u then found else allsolb[d u,allsola[a u,found]].
