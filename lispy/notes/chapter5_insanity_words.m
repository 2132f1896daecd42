; McCarthy 1973, ch. 5: Instant Insanity on 16-bit words.  As printed.
puzza ← mapcar[puzz,λx.mapcar[x,zap]],
zap v ← if n v then 0 else poo a v +16zap d v,
poo x ← if x=R then 1 else if x=W then 2 else if x=G then 4 else 8.
lose p ← false,
ter p ← [length p = 5],
successors p ← mapchoose[a nth[puzza,length p],λx.a p and x = 0,λx. [a p or x] . p].
mapchoose[u,pred,fn] ← if n u then NIL
    else if pred a u then fn[a u] . mapchoose[d u,pred,fn]
    else mapchoose[d u,pred,fn].
