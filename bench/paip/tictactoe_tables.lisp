;;;; Tic-tac-toe for PAIP's minimax with the game-level work done by table look-ups, as lispy's
;;;; Board and Bitboard do: the same work on the same kind of representation as the valmax timed
;;;; beside it.  PAIP's auxfns.lisp and othello.lisp (MIT licence: LICENSE beside this file) are
;;;; loaded unchanged first; PAIP's minimax and copy-board are PAIP's own.
;;; Tic-tac-toe for PAIP's minimax with the game-level work done by table look-ups, as lispy's Board/Bitboard do:
;;; board = simple-vector of 12: cells 0-8 (0 empty, 1 black=X, 2 white=O), 9 X's cells as a 9-bit mask,
;;; 10 O's mask, 11 the outcome (0 in play, 1 black won, 2 white won, 3 draw).  PAIP's minimax and copy-board unchanged.
(defparameter *has-line*
  (let ((v (make-array 512)))
    (dotimes (bits 512 v)
      (setf (svref v bits)
            (loop for (a b c) in '((0 1 2) (3 4 5) (6 7 8) (0 3 6) (1 4 7) (2 5 8) (0 4 8) (2 4 6))
                  thereis (and (logbitp a bits) (logbitp b bits) (logbitp c bits)))))))
(handler-bind ((warning #'muffle-warning))
  (defun legal-moves (player board)
    (declare (ignore player))
    (if (/= 0 (svref board 11)) nil
        (loop for i below 9 when (= 0 (svref board i)) collect i)))
  (defun any-legal-move? (player board)
    (declare (ignore player))
    (= 0 (svref board 11)))
  (defun make-move (move player board)
    (setf (svref board move) player)
    (let* ((k (if (eql player black) 9 10))
           (mask (logior (svref board k) (ash 1 move))))
      (setf (svref board k) mask)
      (setf (svref board 11)
            (cond ((svref *has-line* mask) player)
                  ((= 511 (logior (svref board 9) (svref board 10))) 3)
                  (t 0))))
    board)
  (defun final-value (player board)
    (let ((w (svref board 11)))
      (cond ((eql w player) 1) ((eql w 3) 0) (t -1)))))
(defun solve ()
  (let ((b (make-array 12 :initial-element 0)))
    (minimax black b 10 #'final-value)))
(defun counted-fn () 'legal-moves)
