"""What lispy's definitions need to run that is neither Lisp data nor the notes: counting what a
search does.  :mod:`lispy.runtime.counting` is the one counter of positions examined and the one
timer.  (Deep recursion is :mod:`lispy.recursion`.)
"""
