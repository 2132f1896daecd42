;;;; The harness's side in SBCL (bench/sbcl.py loads it after a game file defining SOLVE, the search
;;;; from the empty board, and COUNTED-FN, the name of the function whose calls are the positions
;;;; examined).  (serve) answers a line for each command read from standard input:
;;;;   count  the positions the search examines and its value
;;;;   time   the CPU seconds of one search (get-internal-run-time), a mean over a block of calls
;;;;          lasting at least 0.2 s
;;;; The files are compiled at SBCL's default policy, without declarations.

(defun count-positions ()
  (let* ((name (counted-fn)) (plain (fdefinition name)) (n 0))
    (setf (fdefinition name) (lambda (&rest args) (incf n) (apply plain args)))
    (let ((value (unwind-protect (solve) (setf (fdefinition name) plain))))
      (list n value))))

(defun cpu-seconds ()
  (let ((start (get-internal-run-time)) (calls 0))
    (loop do (solve) (incf calls)
          until (>= (- (get-internal-run-time) start) (* 0.2 internal-time-units-per-second)))
    (/ (- (get-internal-run-time) start) (float internal-time-units-per-second 1d0) calls)))

(defun serve ()
  "Answer count and time, a line each, until standard input ends."
  (solve)
  (loop for line = (read-line *standard-input* nil)
        while line
        do (cond ((string= line "count") (format t "~{~a~^ ~}~%" (count-positions)))
                 ((string= line "time") (format t "~,6f~%" (cpu-seconds)))
                 (t (format t "unknown command ~s~%" line)))
           (finish-output)))
