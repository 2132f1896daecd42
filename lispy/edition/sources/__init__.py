"""Reading the edition's sources: McCarthy's notes from the archive files a reader gives, aligned
with the definitions, and ERRATA.md."""
