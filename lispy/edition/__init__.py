"""The edition: McCarthy's notes and lispy's code side by side, as static HTML.

``python -m lispy.edition --out DIR [--notes FILE]...`` writes it (:mod:`lispy.edition.__main__`).
"""
