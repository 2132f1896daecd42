"""Computing what the rows show: each definition's example run both ways, its proof on random
inputs and by structure, gathered in a row; and the companion sources' figures."""
