; Corrections to chapter5_paths.m: none; it runs as printed.
