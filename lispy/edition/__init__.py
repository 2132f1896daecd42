"""The edition: McCarthy's notes and lispy's code side by side, as static HTML that also runs.

``python -m lispy.edition --out DIR [--notes FILE]...`` writes it (:mod:`lispy.edition.__main__`,
the command line and the build), going through its parts in this order: ``sources`` (the archive
files of the notes, ERRATA.md), ``evidence`` (each definition's row), ``page`` (rendering), ``live``
(the page's own Python, its runtime and server) and ``output`` (the folder, replaced whole);
docs/edition.md, "How it is made", says what each does.  It reads what each part of the notes runs
in from :mod:`lispy.notes.applications` and the notes' claims from :mod:`lispy.claims`; nothing
outside this package imports it.  Its libraries (Jinja2, Pygments, markdown-it-py) are the extra
``lispy[edition]``.
"""
