;;; global-keys-tests.el --- Emacs 28's global keys, typed  -*- lexical-binding: t -*-

;; Keys of Emacs 28's global map, typed with execute-kbd-macro into a
;; buffer shown in the selected window: the text, point and modified flag
;; after them.  Every expected value is GNU Emacs 28's in `emacs --batch -Q'
;; (this file passes in both).

(require 'ert)

(defconst global-keys-tests--cases
  '(;; (TEXT POINT KEYS TEXT-AFTER POINT-AFTER MODIFIED-AFTER)
    ("foo bar" 5 "M-(" "foo () bar" 6 t)
    ("(foo bar)" 5 "M-)" "(foo bar)
" 11 t)
    ("foo bar baz" 1 "M-@ C-w" " bar baz" 1 t)
    ("foo bar" 8 "C-M-o" "foo bar
       " 8 t)
    ("one two three" 5 "M-j" "one
two three" 5 t)
    ("one two three" 5 "C-M-j" "one
two three" 5 t)
    ("(a (b c) d)" 4 "C-M-<right>" "(a (b c) d)" 9 t)
    ("(a (b c) d)" 9 "C-M-<left>" "(a (b c) d)" 4 t)
    ("(a (b c) d)" 6 "C-M-<up>" "(a (b c) d)" 4 t)
    ("(a (b c) d)" 2 "C-M-<down>" "(a (b c) d)" 5 t)
    ("(a (b c) d)" 4 "ESC C-<right>" "(a (b c) d)" 9 t)
    ("foo bar" 1 "C-M-2 C-d" "o bar" 1 t)
    ("foo bar baz" 1 "C-M-- M-d" "foo bar baz" 1 t)
    ("a
b
c
d" 1 "C-x l" "a
b
c
d" 1 t)
    ("foo bar baz" 5 "M-d C-M-w M-d C-y" "foo bar baz" 12 t)
    ("one" 2 "C-S-<backspace>" "" 1 t)
    ("one
two" 2 "<deleteline>" "o
two" 2 t)
    ("one" 2 "<insertline>" "o
ne" 2 t)
    ("foo bar" 1 "ESC <right> x" "foox bar" 5 t)
    ("foo bar" 8 "ESC <left> x" "foo xbar" 6 t)
    ("foo" 2 "M-~" "foo" 2 nil)
    ("(foo (bar)) baz" 16 "ESC C-<backspace>" "(foo (bar)) " 13 t))
  "Each key sequence typed, and what Emacs 28 leaves.")

(ert-deftest global-keys-tests-typed ()
  (dolist (case global-keys-tests--cases)
    (let ((buf (get-buffer-create " global-keys-tests")))
      (unwind-protect
          (progn
            (with-current-buffer buf
              (erase-buffer)
              (fundamental-mode)
              (insert (nth 0 case))
              (goto-char (nth 1 case))
              (set-buffer-modified-p t))
            (save-window-excursion
              (set-window-buffer nil buf)
              (set-buffer buf)
              (execute-kbd-macro (kbd (nth 2 case)))
              (with-current-buffer buf
                (should (equal (list (nth 2 case) (buffer-string) (point) (buffer-modified-p))
                               (cons (nth 2 case) (nthcdr 3 case)))))))
        (kill-buffer buf)))))

;;; global-keys-tests.el ends here
