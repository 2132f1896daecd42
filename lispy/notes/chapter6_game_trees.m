; McCarthy 1973, ch. 6 "Game trees".  successors, ter and imval are given by the caller.  As printed.
maxlis[u,f] ← if n u then -∞ else max[f[a u],maxlis[d u,f]],
minlis[u,f] ← if n u then ∞ else min[f[a u],minlis[d u,f]].
maxlis[u,f] ← maxlisa[u,-∞,f],
maxlisa[u,x,f] ← if n u then x else maxlisa[d u,max[x,f[a u]],f].
valmax p ← if ter p then imval p else maxlis[successors p,valmin],
valmin p ← if ter p then imval p else minlis[successors p,valmax].
movemax p ← bestmax[succesors p,valmin],
movemin p ← bestmin[succesors p,valmax],
bestmax[u,f] ← bestmaxa[d u,a u,f[a u],f],
bestmaxa[u,sofar,valsofar,f] ← if n u then sofar
    else if f[a u] ≤ bestsofar then bestmaxa[d u,sofar,bestsofar,f]
    else bestmaxa[d u,a u,f[a u],f],
bestmin[u,f] ← bestmina[d u,a u,f[a u],f],
bestmina[u,sofar,valsofar,f] ← if n u then sofar
    else if f[a u] ≥ bestsofar then bestmina[d u,sofar,bestsofar,f]
    else bestmina[d u,a u,f[a u],f].
maxval p ← maxval1[p,-∞,∞],
maxval1[p,α,β] ← if ter p then max[α,min[β,imval p]] else maxval2[successors p,α,β],
maxval2[u,α,β] ← {minval1[a u,α,β]}[λw. if w ≥ β then β else maxval2[d u,max[α,w],β]],
minval p ← minval1[p,-∞,∞],
minval1[p,α,β] ← if ter p then max[α,min[β,imval p]] else minval2[successors p,α,β],
minval2[u,α,β] ← {maxval1[a u,α,β]}[λw. if w ≤ α then α else minval2[d u,α,min[w,β]].
