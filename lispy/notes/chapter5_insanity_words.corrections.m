; Corrections to chapter5_insanity_words.m: none; it runs as printed.
