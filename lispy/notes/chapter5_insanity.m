; McCarthy 1973, ch. 5: Instant Insanity, the list representation.  As printed.
p₀ = (NIL NIL NIL NIL),
lose p ← orlis[p,λu.a u ε d u],
ter p ← [length a p = 4],
successors p ← mapcar[a nth[puzz,1 + length a p],λx.mapcar2[p,x,λyz.z.y]],
mapcar2[u,v,f] ← if n u then NIL else f[a u,a v] . mapcar2[d u,d v,f].
puzz1 ← ((G B B W R G) (G G B G W R) (G W W R B R) (G G R B W W)).
puzz2 ← cycles[(2 3 4 5)]*cycles[((2 5 4 3)]*cycles[(1 2 6 4)]
    *cycles[(1 4 6 2)]*cycles[(1 3 6 5)]*cycles[(1 5 6 3)],
cycles u ← maplist[u,λx.x*upto[u,x]]
upto[u,x] ← if x eq u then NIL else a u . upto[d u,x].
puzz3 ← mapcar[puzz1,λx.prup[(1 2 3 4 5 6),x]],
puzz4 ← mapcar[puzz3,λs.sublis[s,puzz3]].
puzz ← (a nth[a puzz4,1] a nth[a puzz4,9] a nth[a puzz4,17]) . d puzz4.
