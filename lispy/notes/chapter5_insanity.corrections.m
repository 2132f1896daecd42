; Corrections to chapter5_insanity.m (ERRATA.md).

; E3: one opening parenthesis too many before (2 5 4 3).
puzz2 ← cycles[(2 3 4 5)]*cycles[(2 5 4 3)]*cycles[(1 2 6 4)]
    *cycles[(1 4 6 2)]*cycles[(1 3 6 5)]*cycles[(1 5 6 3)],

; E4: the orientations substitute each block's colours into puzz2, the 24 cycles of face numbers.
puzz4 ← mapcar[puzz3,λs.sublis[s,puzz2]].
