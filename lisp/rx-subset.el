;;; rx-subset.el --- S-expression notation for regexps, without Emacs's library  -*- lexical-binding: t -*-

;; The common forms of Emacs's `rx': strings, characters, `seq', `or',
;; repetition (`*' `+' `?' `=' `>=' `**' `repeat' and the lazy forms),
;; `group'/`group-n', `any'/`in'/`char' and `not', character classes, the
;; anchors, `syntax', `backref', `literal', `regexp', `eval'.  Loaded by
;; `(require 'rx)' or through the autoloads.

(defconst rx--named
  '((bol . "^") (line-start . "^") (eol . "$") (line-end . "$")
    (bos . "\\`") (string-start . "\\`") (buffer-start . "\\`") (bot . "\\`")
    (eos . "\\'") (string-end . "\\'") (buffer-end . "\\'") (eot . "\\'")
    (point . "\\=") (word-boundary . "\\b") (not-word-boundary . "\\B")
    (symbol-start . "\\_<") (symbol-end . "\\_>") (word-start . "\\<") (bow . "\\<")
    (word-end . "\\>") (eow . "\\>")
    (nonl . ".") (not-newline . ".") (any . ".") (anychar . "[^z-a]") (anything . "[^z-a]")
    (unmatchable . "\\`a\\`")
    (not-wordchar . "\\W")))

(defconst rx--classes
  '((digit . digit) (numeric . digit) (num . digit) (control . cntrl) (cntrl . cntrl)
    (hex-digit . xdigit) (hex . xdigit) (xdigit . xdigit) (blank . blank)
    (graphic . graph) (graph . graph) (printing . print) (print . print)
    (alphanumeric . alnum) (alnum . alnum) (letter . alpha) (alphabetic . alpha) (alpha . alpha)
    (ascii . ascii) (nonascii . nonascii) (lower . lower) (lower-case . lower)
    (punctuation . punct) (punct . punct) (space . space) (whitespace . space) (white . space)
    (upper . upper) (upper-case . upper) (multibyte . multibyte) (unibyte . unibyte)
    (word . word) (wordchar . word)))

(defconst rx--syntax-codes
  '((whitespace . ?-) (punctuation . ?.) (word . ?w) (symbol . ?_) (open-parenthesis . ?\()
    (close-parenthesis . ?\)) (expression-prefix . ?\') (string-quote . ?\") (paired-delimiter . ?$)
    (escape . ?\\) (character-quote . ?/) (comment-start . ?<) (comment-end . ?>)
    (string-delimiter . ?|) (comment-delimiter . ?!)))

(defvar rx--greedy t)
(defvar rx--local-definitions nil
  "The (NAME . RX) definitions of the `rx-let' being expanded.")

(defun rx--seq (forms)
  (let ((parts (mapcar #'rx--tr forms)))
    (cond ((null parts) (cons "" 'seq))
          ((null (cdr parts)) (car parts))
          (t (cons (mapconcat (lambda (p) (if (eq (cdr p) 'alt) (concat "\\(?:" (car p) "\\)") (car p)))
                              parts "")
                   'seq)))))

(defun rx--postfix (op forms)
  (let* ((inner (rx--seq forms))
         (s (car inner)))
    (if (equal s "") (cons "" 'seq)
      (cons (concat (if (eq (cdr inner) 'atom) s (concat "\\(?:" s "\\)"))
                    op (if rx--greedy "" "?"))
            'atom))))

(defun rx--char-class (items negated)
  (let ((chars nil) (classes nil))
    (dolist (it items)
      (cond ((characterp it) (push (string it) chars))
            ((stringp it)
             (let ((i 0) (n (length it)))
               (while (< i n)
                 (if (and (< (+ i 2) n) (eq (aref it (1+ i)) ?-))
                     (progn (push (format "%c-%c" (aref it i) (aref it (+ i 2))) chars) (setq i (+ i 3)))
                   (push (string (aref it i)) chars) (setq i (1+ i))))))
            ((and (consp it) (characterp (car it))) (push (format "%c-%c" (car it) (cdr it)) chars))
            ((and (symbolp it) (assq it rx--classes))
             (push (format "[:%s:]" (cdr (assq it rx--classes))) classes))
            (t (error "Invalid rx `any' argument: %S" it))))
    (setq chars (nreverse chars))
    ;; ] first, - last, ^ not first.
    (let ((close (member "]" chars)) (dash (member "-" chars)) (caret (member "^" chars)))
      (setq chars (delete "]" (delete "-" (delete "^" chars))))
      (let ((body (concat (if close "]" "") (apply #'concat chars) (apply #'concat (nreverse classes))
                          (if caret "^" "") (if dash "-" ""))))
        (if (and (not negated) (= (length chars) 1) (not classes) (not close) (not dash) (not caret)
                 (= (length (car chars)) 1))
            (cons (regexp-quote (car chars)) 'atom)
          (if (and (not negated) (equal body "^")) (cons "\\^" 'atom)
            (cons (concat "[" (if negated "^" "") body "]") 'atom)))))))

(defun rx--tr (form)
  "Translate FORM: (REGEXP . PRECEDENCE), PRECEDENCE one of atom, seq, alt."
  (cond
   ((stringp form) (cons (regexp-quote form) (if (= (length form) 1) 'atom 'seq)))
   ((characterp form) (cons (regexp-quote (string form)) 'atom))
   ((symbolp form)
    (cond ((assq form rx--named) (cons (cdr (assq form rx--named)) 'atom))
          ((assq form rx--classes) (cons (format "[[:%s:]]" (cdr (assq form rx--classes))) 'atom))
          ((assq form rx--local-definitions) (rx--tr (cdr (assq form rx--local-definitions))))
          ((get form 'rx-definition) (rx--tr (get form 'rx-definition)))
          (t (error "Unknown rx form `%s'" form))))
   ((consp form)
    (let ((head (car form)) (args (cdr form)))
      (cond
       ((memq head '(seq : and sequence)) (rx--seq args))
       ((memq head '(or |))
        (cond ((null args) (cons "\\`a\\`" 'atom))
              ((null (cdr args)) (rx--tr (car args)))
              ;; Only strings and characters: the longest match, through
              ;; regexp-opt, as Emacs 28.
              ((let ((all t))
                 (dolist (a args all) (unless (or (stringp a) (characterp a)) (setq all nil))))
               (cons (regexp-opt (mapcar (lambda (a) (if (stringp a) a (string a))) args) nil)
                     'atom))
              (t (cons (mapconcat (lambda (f) (car (rx--tr f))) args "\\|") 'alt))))
       ((memq head '(zero-or-more 0+ *)) (rx--postfix "*" args))
       ((memq head '(one-or-more 1+ +)) (rx--postfix "+" args))
       ((memq head '(zero-or-one opt optional \? ?\s)) (rx--postfix "?" args))
       ((eq head '*?) (let ((rx--greedy nil)) (rx--postfix "*" args)))
       ((eq head '+?) (let ((rx--greedy nil)) (rx--postfix "+" args)))
       ((memq head '(\?? ??)) (let ((rx--greedy nil)) (rx--postfix "?" args)))
       ((eq head ??) (let ((rx--greedy nil)) (rx--postfix "?" args)))
       ((eq head 'minimal-match) (let ((rx--greedy nil)) (rx--tr (car args))))
       ((eq head 'maximal-match) (let ((rx--greedy t)) (rx--tr (car args))))
       ((eq head '=) (rx--postfix (format "\\{%d\\}" (car args)) (cdr args)))
       ((eq head '>=) (rx--postfix (format "\\{%d,\\}" (car args)) (cdr args)))
       ((memq head '(** repeat))
        (if (and (numberp (car args)) (numberp (car (cdr args))))
            (rx--postfix (format "\\{%d,%d\\}" (car args) (car (cdr args))) (cdr (cdr args)))
          (rx--postfix (format "\\{%d\\}" (car args)) (cdr args))))
       ((memq head '(group submatch))
        (let ((inner (rx--seq args)))
          (cons (concat "\\(" (if (eq (cdr inner) 'alt) (concat "\\(?:" (car inner) "\\)") (car inner)) "\\)")
                'atom)))
       ((memq head '(group-n submatch-n))
        (cons (format "\\(?%d:%s\\)" (car args) (car (rx--seq (cdr args)))) 'atom))
       ((eq head 'backref) (cons (format "\\%d" (car args)) 'atom))
       ((memq head '(any in char)) (rx--char-class args nil))
       ((eq head 'not-char) (rx--char-class args t))
       ((eq head 'not)
        (let ((x (car args)))
          (cond ((memq (car-safe x) '(any in char)) (rx--char-class (cdr x) t))
                ((eq (car-safe x) 'syntax)
                 (cons (format "\\S%c" (cdr (assq (car (cdr x)) rx--syntax-codes))) 'atom))
                ((memq x '(wordchar word)) (cons "\\W" 'atom))
                ((eq x 'word-boundary) (cons "\\B" 'atom))
                ((assq x rx--classes) (cons (format "[^[:%s:]]" (cdr (assq x rx--classes))) 'atom))
                ((characterp x) (rx--char-class (list x) t))
                ((eq (car-safe x) 'not) (rx--tr (car (cdr x))))
                (t (error "Illegal argument to rx `not': %S" x)))))
       ((eq head 'syntax) (cons (format "\\s%c" (cdr (assq (car args) rx--syntax-codes))) 'atom))
       ((eq head 'not-syntax) (cons (format "\\S%c" (cdr (assq (car args) rx--syntax-codes))) 'atom))
       ((eq head 'category) (cons (format "\\c%c" (car args)) 'atom))
       ((memq head '(literal)) (rx--tr (eval (car args) t)))
       ((memq head '(regexp regex)) (cons (eval (car args) t) 'alt))
       ((eq head 'eval) (rx--tr (eval (car args) t)))
       (t (error "Unknown rx form `%s'" head)))))
   (t (error "Invalid rx form: %S" form))))

(defun rx-to-string (form &optional no-group)
  "The regexp string for rx FORM (in a shy group unless NO-GROUP)."
  (let ((pair (rx--tr form)))
    (if (or no-group (eq (cdr pair) 'atom)) (car pair)
      (concat "\\(?:" (car pair) "\\)"))))

(defun rx--needs-runtime-p (forms)
  (let ((found nil) (stack forms))
    (while (and stack (not found))
      (let ((x (pop stack)))
        (when (consp x)
          (if (memq (car x) '(literal regexp regex)) (unless (stringp (car (cdr x))) (setq found t))
            (dolist (y x) (push y stack))))))
    found))

(defmacro rx (&rest regexps)
  "Translate the rx REGEXPS (an implicit `seq') to a regexp string."
  (if (rx--needs-runtime-p regexps)
      `(rx-to-string '(seq ,@regexps) t)
    (car (rx--seq regexps))))

(defmacro rx-define (name &rest definition)
  `(progn (put ',name 'rx-definition ',(car (last definition))) ',name))

(defun rx--let-definitions (bindings)
  "BINDINGS, (NAME [ARGS] RX) each, as (NAME . RX) before the outer ones
\(a definition's ARGS are not supported: it stands for its RX)."
  (append (mapcar (lambda (b) (cons (car b) (car (last b)))) bindings) rx--local-definitions))

(defmacro rx-let (bindings &rest body)
  "BODY with the rx definitions BINDINGS, (NAME RX) each, in its `rx' forms."
  (declare (indent 1))
  (let ((rx--local-definitions (rx--let-definitions bindings)))
    (macroexpand-all (macroexp-progn body))))

(defmacro rx-let-eval (bindings &rest body)
  "BODY with the rx definitions BINDINGS (evaluated) for `rx-to-string'."
  (declare (indent 1))
  `(let ((rx--local-definitions (rx--let-definitions ,bindings)))
     ,@body))

(provide 'rx-subset)
;;; rx-subset.el ends here
