"""Computing what the rows show: each definition's example run both ways
(:mod:`~lispy.edition.evidence.examples`), its proof on random inputs
(:mod:`~lispy.edition.evidence.proof`, drawn by :mod:`~lispy.edition.evidence.inputs`) and by
structure (:mod:`~lispy.edition.evidence.correspondence`), gathered in a
:mod:`~lispy.edition.evidence.rows` row; and the companion sources' figures
(:mod:`~lispy.edition.evidence.companions`)."""
