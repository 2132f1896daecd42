"""Rendering the edition: its pages from the templates in ``templates/``
(:mod:`~lispy.edition.page.pages`), code highlighted (:mod:`~lispy.edition.page.highlight`), the
figures (:mod:`~lispy.edition.page.figures`) and the αβ steppers (:mod:`~lispy.edition.page.stepper`).
"""
