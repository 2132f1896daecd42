; Corrections to chapter6_game_trees.m (ERRATA.md).

; E10: successors, not succesors.
movemax p ← bestmax[successors p,valmin],
movemin p ← bestmin[successors p,valmax],

; E11: valsofar, the parameter, not bestsofar.
bestmaxa[u,sofar,valsofar,f] ← if n u then sofar
    else if f[a u] ≤ valsofar then bestmaxa[d u,sofar,valsofar,f]
    else bestmaxa[d u,a u,f[a u],f],
bestmina[u,sofar,valsofar,f] ← if n u then sofar
    else if f[a u] ≥ valsofar then bestmina[d u,sofar,valsofar,f]
    else bestmina[d u,a u,f[a u],f].

; E12: the moves can run out without a cutoff: then α (in maxval2) or β (in minval2).
maxval2[u,α,β] ← if n u then α else {minval1[a u,α,β]}[λw. if w ≥ β then β else maxval2[d u,max[α,w],β]],
minval2[u,α,β] ← if n u then β else {maxval1[a u,α,β]}[λw. if w ≤ α then α else minval2[d u,α,min[w,β]]].
