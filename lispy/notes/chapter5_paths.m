; McCarthy 1973, ch. 5: a path in a graph.  graph and final are given by the caller.
lose p ← a p ε d p,
ter p ← [a p = final],
successors p ← mapcar[d assoc[a p,graph],λx.x.p].
