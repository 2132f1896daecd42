"""Reading the edition's sources: McCarthy's notes from the archive files a reader gives
(:mod:`~lispy.edition.sources.archive` decodes them into a :mod:`~lispy.edition.sources.document`,
:mod:`~lispy.edition.sources.locate` finds each definition in it, and
:mod:`~lispy.edition.sources.original` aligns the paragraphs with the definitions), and ERRATA.md
(:mod:`~lispy.edition.sources.errata`)."""
