;;; lisp-mode.el --- indenting Lisp code: TAB, C-M-q, C-M-\  -*- lexical-binding: t -*-

;; Emacs's rules for Lisp indentation, on the syntax scanners: a line is
;; indented under the first argument of the call around it, or under the
;; function when the first argument starts the line; a form whose head
;; has a `lisp-indent-function' property N (set by `(declare (indent N))'
;; or below) indents its first N arguments by 4 and the body by 2; `defun'
;; and heads starting with "def" indent their body by 2.

(require 'newcomment) ; `;' comment lines go to the comment column

(defconst lisp-mode-symbol-regexp "\\(?:\\sw\\|\\s_\\|\\\\.\\)+"
  "A symbol's name as Lisp modes match it: word and symbol characters and escapes.")

(defvar lisp-body-indent 2
  "Columns the body of a special form is indented by.")
(defvar lisp-indent-offset nil
  "If an integer, lines inside a list are indented by it from the open paren.")
(defvar lisp-indent-function #'lisp-indent-function
  "Function of INDENT-POINT and STATE deciding a line's indentation by its form's head.")

(defvar calculate-lisp-indent-last-sexp nil
  "Start of the last complete sexp before the line being indented.")

;; Special forms and the macros lisp-lite defines without `declare'.
(dolist (entry '((defun . 2) (defmacro . 2) (progn . 0) (prog1 . 1) (prog2 . 2) (save-excursion . 0)
                 (save-restriction . 0) (save-current-buffer . 0) (let . 1) (let* . 1)
                 (while . 1) (if . 2) (catch . 1) (condition-case . 2) (unwind-protect . 1)
                 (with-output-to-temp-buffer . 1) (closure . 2) (lambda . defun)
                 (when . 1) (unless . 1) (dolist . 1) (dotimes . 1) (with-current-buffer . 1)
                 (with-temp-buffer . 0) (with-temp-file . 1) (save-match-data . 0)
                 (with-syntax-table . 1) (with-output-to-string . 0) (ignore-errors . 0)
                 (ignore-error . 1) (condition-case-unless-debug . 2) (with-demoted-errors . 1)
                 (with-eval-after-load . 1) (with-silent-modifications . 0)
                 (save-mark-and-excursion . 0) (letrec . 1) (dlet . 1) (named-let . 2)
                 (pcase . 1) (pcase-let . 1) (pcase-let* . 1) (pcase-dolist . 1)
                 (pcase-exhaustive . 1) (if-let . 2) (if-let* . 2) (when-let . 1)
                 (when-let* . 1) (and-let* . 1) (cl-flet . 1) (cl-flet* . 1) (cl-labels . 1)
                 (cl-letf . 1) (cl-letf* . 1) (cl-case . 1) (cl-ecase . 1) (cl-typecase . 1)
                 (cl-etypecase . 1) (cl-block . 1) (cl-dolist . 1) (cl-dotimes . 1)
                 (cl-destructuring-bind . 2) (cl-macrolet . 1) (cl-multiple-value-bind . 2)
                 (seq-doseq . 1) (seq-let . 2) (with-timeout . 1) (combine-after-change-calls . 0)
                 (delay-mode-hooks . 0) (with-local-quit . 0) (while-no-input . 0)))
  (unless (get (car entry) 'lisp-indent-function)
    (put (car entry) 'lisp-indent-function (cdr entry))))

(defun lisp-mode--comment-start-p (n)
  "Non-nil if the N characters after point all have comment-start syntax."
  (let ((i 0) (ok t))
    (while (and ok (< i n))
      (let ((c (char-after (+ (point) i))))
        (setq ok (and c (eq (char-syntax c) ?<))))
      (setq i (1+ i)))
    ok))

;;;###autoload
(defun calculate-lisp-indent (&optional parse-start)
  "The column the current line should be indented to as Lisp code, nil in a
string, or (COLUMN CONTAINING-SEXP-START) when later lines of the same form
may be indented differently."
  (save-excursion
    (beginning-of-line)
    (let* ((indent-point (point))
           (state (if (consp parse-start) parse-start (syntax-ppss indent-point)))
           (containing-sexp (nth 1 state))
           ;; At top level the last sexp does not count.
           (last-sexp (and containing-sexp (nth 2 state)))
           (desired-indent nil))
      (when containing-sexp
        (goto-char (1+ containing-sexp))
        (if (not last-sexp)
            ;; The line starts right after the open paren's line.
            (setq desired-indent (current-column))
          ;; Find the start of the containing form's first element.
          (parse-partial-sexp (point) last-sexp 0 t)
          (cond ((eq (char-syntax (or (char-after) ?\s)) ?\()) ; a list first: under it
                ((> (save-excursion (forward-line 1) (point)) last-sexp)
                 ;; The first line of the form: under the first argument,
                 ;; or under the head when nothing follows it there or
                 ;; the paren is followed by whitespace.
                 (unless (or (= (point) last-sexp)
                             (memq (char-after (1+ containing-sexp)) '(?\s ?\t ?\n)))
                   (forward-sexp 1)
                   (parse-partial-sexp (point) last-sexp 0 t))
                 (backward-prefix-chars))
                (t
                 ;; Under the first element on the line of the last sexp.
                 (goto-char last-sexp)
                 (beginning-of-line)
                 (parse-partial-sexp (point) last-sexp 0 t)
                 (backward-prefix-chars)))))
      (let ((normal-indent (current-column)))
        (cond ((nth 3 state) nil)
              ((and (integerp lisp-indent-offset) containing-sexp)
               (goto-char containing-sexp)
               (+ (current-column) lisp-indent-offset))
              (last-sexp
               (or (and lisp-indent-function
                        (let ((calculate-lisp-indent-last-sexp last-sexp))
                          (funcall lisp-indent-function indent-point state)))
                   (lisp-mode--keyword-indent indent-point containing-sexp last-sexp)
                   normal-indent))
              (desired-indent)
              (t normal-indent))))))

(defun lisp-mode--keyword-indent (indent-point containing-sexp last-sexp)
  "A line starting with a keyword goes under the keyword before it, as Emacs."
  (when (save-excursion
          (goto-char indent-point)
          (skip-chars-forward " \t")
          (looking-at ":"))
    (save-excursion
      (goto-char last-sexp)
      (backward-prefix-chars)
      ;; Back to the first sexp of its line (or of the list).
      (while (not (save-excursion
                    (skip-chars-backward " \t")
                    (or (bolp) (and containing-sexp (= (point) (1+ containing-sexp))))))
        (forward-sexp -1)
        (backward-prefix-chars))
      (setq last-sexp (point))
      (when (> last-sexp
               (save-excursion
                 (goto-char (1+ containing-sexp))
                 (parse-partial-sexp (point) last-sexp 0 t)
                 (point)))
        (let ((parse-sexp-ignore-comments t) indent)
          (goto-char last-sexp)
          (or (and (looking-at ":") (setq indent (current-column)))
              (and (< (line-beginning-position) (progn (backward-sexp) (point)))
                   (looking-at ":")
                   (setq indent (current-column))))
          indent)))))

;;;###autoload
(defun lisp-indent-function (indent-point state)
  "Indentation of the line at INDENT-POINT by the head of its form, or nil."
  (let ((normal-indent (current-column)))
    (goto-char (1+ (nth 1 state)))
    (parse-partial-sexp (point) calculate-lisp-indent-last-sexp 0 t)
    (if (and (nth 2 state) (not (memq (char-syntax (or (char-after) ?\s)) '(?w ?_))))
        ;; The head is not a symbol: under the list, or under the first
        ;; sexp on the line of the last complete one.
        (progn
          (unless (> (save-excursion (forward-line 1) (point)) calculate-lisp-indent-last-sexp)
            (goto-char calculate-lisp-indent-last-sexp)
            (beginning-of-line)
            (parse-partial-sexp (point) calculate-lisp-indent-last-sexp 0 t))
          (backward-prefix-chars)
          (current-column))
      (let* ((function (buffer-substring (point) (progn (forward-sexp 1) (point))))
             (symbol (intern-soft function))
             (method (or (function-get symbol 'lisp-indent-function)
                         (get symbol 'lisp-indent-hook))))
        (cond ((or (eq method 'defun)
                   (and (null method) (> (length function) 3) (string-match "\\`def" function)))
               (lisp-indent-defform state indent-point))
              ((integerp method)
               (lisp-indent-specform method state indent-point normal-indent))
              (method (funcall method indent-point state)))))))

;;;###autoload
(defun lisp-indent-defform (state _indent-point)
  "A body line of a defun-like form: `lisp-body-indent' from its paren."
  (goto-char (nth 1 state))
  (forward-line 1)
  ;; Only once a complete sexp follows the head on the form's first line.
  (when (> (point) (nth 2 state))
    (goto-char (nth 1 state))
    (+ lisp-body-indent (current-column))))

;;;###autoload
(defun lisp-indent-specform (count state indent-point normal-indent)
  "Indentation in a form whose first COUNT arguments are distinguished:
twice `lisp-body-indent' for them, `lisp-body-indent' for the body."
  (let* ((containing-form-start (nth 1 state))
         (i count)
         (containing-form-column (progn (goto-char containing-form-start) (current-column)))
         (body-indent (+ lisp-body-indent containing-form-column)))
    (forward-char 1)
    (forward-sexp 1)
    ;; Count the distinguished forms before the line.
    (parse-partial-sexp (point) indent-point 1 t)
    (while (and (< (point) indent-point)
                (condition-case nil
                    (progn (setq count (1- count))
                           (forward-sexp 1)
                           (parse-partial-sexp (point) indent-point 1 t))
                  (error nil))))
    (if (> count 0)
        (if (<= (- i count) 1)
            (list (+ containing-form-column (* 2 lisp-body-indent)) containing-form-start)
          (list normal-indent containing-form-start))
      (if (or (and (= i 0) (= count 0))
              (and (= count 0) (<= body-indent normal-indent)))
          body-indent
        normal-indent))))

;;;###autoload
(defun lisp-indent-line (&optional indent)
  "Indent the current line as Lisp code; point keeps its place in the text,
or goes after the indentation when it was in it."
  (interactive)
  (let ((pos (- (point-max) (point)))
        (indent (progn (beginning-of-line) (or indent (calculate-lisp-indent)))))
    (skip-chars-forward " \t")
    (if (or (null indent) (lisp-mode--comment-start-p 3))
        ;; A ;;; comment line, or a line that starts inside a string.
        (goto-char (- (point-max) pos))
      (if (and (lisp-mode--comment-start-p 1) (not (lisp-mode--comment-start-p 2)))
          ;; A single-semicolon comment goes to the comment column.
          (progn (indent-for-comment) (forward-char -1))
        (indent-line-to (if (consp indent) (car indent) indent)))
      (when (> (- (point-max) pos) (point))
        (goto-char (- (point-max) pos))))))

;;;###autoload
(defun indent-sexp (&optional endpos)
  "Indent each line of the list after point (up to ENDPOS when given)."
  (interactive)
  (let ((end (copy-marker (or endpos (save-excursion (forward-sexp 1) (point))))))
    (save-excursion
      (forward-line 1)
      (while (< (point) end)
        (unless (or (nth 3 (syntax-ppss)) (and (bolp) (eolp)))
          (lisp-indent-line))
        (forward-line 1)))
    (set-marker end nil)))

;;;###autoload
(defun lisp-indent-region (start end)
  "Indent every non-empty line from START to END as Lisp code."
  (save-excursion
    (let ((end (copy-marker end)))
      (goto-char start)
      (beginning-of-line)
      (while (< (point) end)
        (unless (and (bolp) (eolp))
          (lisp-indent-line))
        (forward-line 1))
      (set-marker end nil))))

(provide 'lisp-mode)

;;; lisp-mode.el ends here
