;;; mode-line-tests.el --- format-mode-line as Emacs's xdisp.c formats constructs  -*- lexical-binding: t -*-

;; Expected values are GNU Emacs 28's, read in `emacs -nw -Q' (its batch
;; formats every mode line as "", so in Emacs these run only interactively;
;; gapmacs's batch formats for the buffer alone).

(require 'ert)

(defun mode-line-tests--format (format &optional face)
  "FORMAT formatted in the current buffer (format-mode-line's own default is
the selected window's)."
  (format-mode-line format face nil (current-buffer)))

(defmacro mode-line-tests--in-buffer (text &rest body)
  "BODY in a fresh buffer named \"mlt\" holding TEXT, point at its start."
  (declare (indent 1))
  `(let ((buffer (generate-new-buffer "mlt")))
     (unwind-protect
         (with-current-buffer buffer
           (insert ,text)
           (goto-char (point-min))
           (set-buffer-modified-p nil)
           ,@body)
       (kill-buffer buffer))))

(ert-deftest mode-line-widths-and-lists ()
  (skip-unless (or (not noninteractive) (fboundp 'gapmacs-gc-stress)))
  (mode-line-tests--in-buffer "a\nb\n"
    (should (equal (mode-line-tests--format '(-3 "abcdef")) "abc"))
    (should (equal (mode-line-tests--format '(5 "ab")) "ab   "))
    (should (equal (mode-line-tests--format '(5)) "     "))
    ;; A field width pads, never cuts; a precision cuts what a construct
    ;; shows, then its width pads it, and nothing follows.
    (should (equal (mode-line-tests--format "[%1b]") "[mlt]"))
    (should (equal (mode-line-tests--format "[%6b]") "[mlt   ]"))
    (should (equal (mode-line-tests--format '(-2 "[%6b]")) "[m     "))
    ;; Numbers come right justified.
    (should (equal (mode-line-tests--format "%5l|%3c|%3C|%4i") "    1|  0|  1|   4"))
    (should (equal (mode-line-tests--format "%3*|[%5x]|%%") "-  |[     ]|%"))
    ;; A % at the end shows nothing, nor digits after it.
    (should (equal (mode-line-tests--format "abc%") "abc"))
    (should (equal (mode-line-tests--format "abc%5") "abc"))
    ;; %- is a construct: "%-3l" is "--" and the text "3l".
    (should (equal (mode-line-tests--format "%-3l") "--3l"))
    ;; A dotted tail is ignored; a number is invalid.
    (should (equal (mode-line-tests--format '("a" . "b")) "a"))
    (should (equal (mode-line-tests--format '("a" 5 "b")) "a*invalid*b"))
    (should (equal (mode-line-tests--format 5) "*invalid*"))
    (should (equal (mode-line-tests--format nil) ""))
    (should (equal (mode-line-tests--format t) ""))
    (should (equal (mode-line-tests--format '("a" t nil "b")) "ab"))))

(ert-deftest mode-line-conditionals ()
  (skip-unless (or (not noninteractive) (fboundp 'gapmacs-gc-stress)))
  (mode-line-tests--in-buffer "x"
    (setq mode-name "Text")
    (should (equal (mode-line-tests--format '(t "a" "b")) "a"))
    (should (equal (mode-line-tests--format '(nil "a")) ""))
    (should (equal (mode-line-tests--format '(nil "a" "b")) "b"))
    (should (equal (mode-line-tests--format '(mode-line-tests-unbound "a" "b")) "b"))
    (should (equal (mode-line-tests--format '(t)) "*invalid*"))
    ;; (WIDTH . REST): REST is one element, so (3 mode-name) is a
    ;; conditional without THEN.
    (should (equal (mode-line-tests--format '(3 "a" mode-name)) "aText"))
    (should (equal (mode-line-tests--format '(3 mode-name)) "*invalid*"))))

(ert-deftest mode-line-eval-and-variables ()
  (skip-unless (or (not noninteractive) (fboundp 'gapmacs-gc-stress)))
  (mode-line-tests--in-buffer "x"
    ;; An :eval's result is a construct: its %-constructs are replaced.
    (should (equal (mode-line-tests--format '(:eval "100%")) "100"))
    (should (equal (mode-line-tests--format '(:eval "100%%")) "100%"))
    (should (equal (mode-line-tests--format '(:eval (buffer-name))) "mlt"))
    (should (equal (mode-line-tests--format '("a" (:eval (error "boom")) "b")) "ab"))
    ;; A variable's string is shown as it is.
    (setq mode-name "A%b")
    (should (equal (mode-line-tests--format 'mode-name) "A%b"))
    (should (equal (mode-line-tests--format "%m") "A%b"))
    (setq mode-name '("Foo" "%b"))
    (should (equal (mode-line-tests--format 'mode-name) "Foomlt"))
    (should (equal (mode-line-tests--format "%m") ""))))

(defvar mode-line-tests-construct nil)
(defvar mode-line-tests-trusted nil)
(put 'mode-line-tests-trusted 'risky-local-variable t)

(ert-deftest mode-line-risky-variables ()
  (skip-unless (or (not noninteractive) (fboundp 'gapmacs-gc-stress)))
  (mode-line-tests--in-buffer "x"
    ;; Without risky-local-variable, a variable's :eval and :propertize
    ;; show nothing and its strings lose their properties, local or not.
    (setq-local mode-line-tests-construct '("<" (:eval "x") (:propertize "p" face bold) ">"))
    (should (equal (mode-line-tests--format 'mode-line-tests-construct) "<>"))
    (setq-default mode-line-tests-construct (list (propertize "s" 'face 'bold)))
    (kill-local-variable 'mode-line-tests-construct)
    (should (equal-including-properties (mode-line-tests--format 'mode-line-tests-construct) "s"))
    (setq mode-line-tests-trusted '("<" (:eval "x") (:propertize "p" face bold) ">"))
    (should (equal-including-properties (mode-line-tests--format 'mode-line-tests-trusted)
                                        #("<xp>" 2 3 (face bold))))))

(ert-deftest mode-line-properties ()
  (skip-unless (or (not noninteractive) (fboundp 'gapmacs-gc-stress)))
  (mode-line-tests--in-buffer "x"
    ;; A :propertize replaces the properties of one around it; a string's
    ;; own properties at its start are kept under those it imposes.
    (let ((s (mode-line-tests--format '("a" (:propertize "b" face bold)
                                 (:propertize ((:propertize "c" face italic) "d") face underline help-echo "x")))))
      (should (equal s "abcd"))
      (should (equal (text-properties-at 0 s) nil))
      (should (equal (get-text-property 1 'face s) 'bold))
      (should (equal (get-text-property 2 'face s) 'italic))
      (should (equal (get-text-property 2 'help-echo s) nil))
      (should (equal (get-text-property 3 'face s) 'underline))
      (should (equal (get-text-property 3 'help-echo s) "x")))
    (let ((s (mode-line-tests--format (list (propertize "ab%b" 'face 'bold 'help-echo "h")))))
      (should (equal s "abmlt"))
      (should (equal (get-text-property 0 'face s) 'bold))
      (should (equal (get-text-property 3 'face s) 'bold))
      (should (equal (get-text-property 3 'help-echo s) "h")))
    ;; FACE: under each stretch's face; a %-construct then has the face alone.
    (let ((s (mode-line-tests--format (list "a" (propertize "%b" 'face 'italic 'help-echo "h")) 'bold)))
      (should (equal (get-text-property 0 'face s) 'bold))
      (should (equal (get-text-property 1 'face s) '(italic bold)))
      (should (equal (get-text-property 1 'help-echo s) nil)))
    (should (equal (get-text-property 0 'face (mode-line-tests--format "x" t)) t))
    (should (equal-including-properties (mode-line-tests--format (propertize "x" 'face 'bold) 0) "x"))))

(ert-deftest mode-line-buffer-states ()
  (skip-unless (or (not noninteractive) (fboundp 'gapmacs-gc-stress)))
  (mode-line-tests--in-buffer "x"
    (should (equal (mode-line-tests--format "%*%+%&") "---"))
    (insert "y")
    (should (equal (mode-line-tests--format "%*%+%&") "***"))
    (set-buffer-modified-p nil)
    (setq buffer-read-only t)
    (should (equal (mode-line-tests--format "%*%+%&") "%%-"))
    (set-buffer-modified-p t)
    (should (equal (mode-line-tests--format "%*%+%&") "%**"))
    (setq buffer-read-only nil)
    (should (equal (mode-line-tests--format "%n|%s|%@|%f|%e|%%") "|no process|-|||%"))
    (goto-char (point-max))
    (narrow-to-region 2 3)
    (should (equal (mode-line-tests--format "%n|%l|%i") " Narrow|1|1"))))

(ert-deftest mode-line-human-sizes ()
  (skip-unless (or (not noninteractive) (fboundp 'gapmacs-gc-stress)))
  (dolist (case '((0 . "0") (999 . "999") (1000 . "1.0k") (1499 . "1.5k") (1500 . "1.5k")
                  (9960 . "10k") (10000 . "10k") (999600 . "1.0M")))
    (mode-line-tests--in-buffer (make-string (car case) ?x)
      (should (equal (cons (car case) (mode-line-tests--format "%I")) case)))))

;;; mode-line-tests.el ends here
