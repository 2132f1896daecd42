"""The edition: McCarthy's notes and lispy's code side by side, as static HTML that also runs.

``python -m lispy.edition --out DIR [--notes FILE]...`` writes it (:mod:`lispy.edition.__main__`,
the command line and the build).  The rooms, in the order the build goes through them:

* :mod:`lispy.edition.sources`: reading the sources, the archive files of the notes and ERRATA.md;
* :mod:`lispy.edition.applications`: what the notes leave to the application, to run each
  definition twice, by the notes' text and by its transcription (the REPL's ``:notes`` too);
* :mod:`lispy.edition.evidence`: computing each definition's row, its example run both ways and
  its proofs; :mod:`lispy.edition.claims`: the notes' claims, measured and judged;
* :mod:`lispy.edition.page`: rendering, from the templates in ``page/templates``;
* :mod:`lispy.edition.live`: the page's own Python, run by Pyodide, the runtime written for it
  and the server that serves the edition;
* :mod:`lispy.edition.output`: writing the folder, replaced whole.
"""
