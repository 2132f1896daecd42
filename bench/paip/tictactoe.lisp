;;;; Tic-tac-toe for PAIP's minimax: lispy's benchmark harness (bench/sbcl.py runs it).
;;;;
;;;; auxfns.lisp and othello.lisp are PAIP's own (Peter Norvig, MIT licence: LICENSE beside
;;;; this file), loaded unchanged.  PAIP's minimax calls four board-level functions, written
;;;; for Othello; these are the four for tic-tac-toe, in PAIP's style: the board is a vector
;;;; of 9 pieces (black, who moves first, is X), copied by PAIP's copy-board at every move.
;;;; bench/lisp/serve.lisp answers the harness's questions (solve, and counted-fn: the function
;;;; whose calls are the positions examined).

(defconstant +lines+ '((0 1 2) (3 4 5) (6 7 8) (0 3 6) (1 4 7) (2 5 8) (0 4 8) (2 4 6)))

(defun winner (board)
  "The piece with three in a row, or NIL."
  (loop for (i j k) in +lines+
        for p = (bref board i)
        when (and (not (eql p empty)) (eql p (bref board j)) (eql p (bref board k)))
          return p))

(defun game-over? (board)
  (or (winner board) (not (find empty board))))

(defun legal-moves (player board)
  "The empty squares, 0 to 8, unless the game is over."
  (declare (ignore player))
  (unless (game-over? board)
    (loop for move from 0 below 9 when (eql (bref board move) empty) collect move)))

(defun any-legal-move? (player board)
  (declare (ignore player))
  (not (game-over? board)))

(defun make-move (move player board)
  (setf (bref board move) player)
  board)

(defun final-value (player board)
  "+1 if PLAYER has three in a row, -1 if the opponent has, 0 for a draw."
  (let ((w (winner board)))
    (cond ((null w) 0) ((eql w player) 1) (t -1))))

(defun solve ()
  "PAIP's minimax from the empty board, deep enough never to call the evaluation."
  (minimax black (make-array 9 :element-type 'piece :initial-element empty) 10 #'final-value))

(defun counted-fn () 'legal-moves)
