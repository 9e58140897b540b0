;;; callint-tests.el --- lisp/callint.el  -*- lexical-binding: t -*-

;; Expected values are GNU Emacs 28's; the file also runs there.
(when (boundp 'gapmacs-version) (load "loadup" nil t))

(defmacro callint-tests--with-input (inputs &rest body)
  "Run BODY with the minibuffer readers answering INPUTS in turn."
  (declare (indent 1))
  (let ((old (make-symbol "old")) (queue (make-symbol "queue")))
    `(let ((,old (symbol-function 'read-from-minibuffer))
           (,queue (copy-sequence ,inputs)))
       (unwind-protect
           (progn
             (fset 'read-from-minibuffer
                   (lambda (_prompt &optional _init _map read &rest _)
                     (let ((s (pop ,queue)))
                       (if read (car (read-from-string s)) s))))
             ,@body)
         (fset 'read-from-minibuffer ,old)))))

(defun callint-tests--args (&rest args)
  (interactive "p\nP")
  args)

(ert-deftest callint-prefix-numeric-value ()
  (should (= (prefix-numeric-value nil) 1))
  (should (= (prefix-numeric-value '-) -1))
  (should (= (prefix-numeric-value '(16)) 16))
  (should (= (prefix-numeric-value 7) 7))
  (should (= (prefix-numeric-value '(-4)) -4)))

(ert-deftest callint-p-and-P ()
  (should (equal (call-interactively 'callint-tests--args) '(1 nil)))
  (let ((current-prefix-arg '(4)))
    (should (equal (call-interactively 'callint-tests--args) '(4 (4)))))
  (let ((current-prefix-arg '-))
    (should (equal (call-interactively 'callint-tests--args) '(-1 -)))))

(ert-deftest callint-region-and-point ()
  (with-temp-buffer
    (insert "hello world")
    (set-marker (mark-marker) 3)
    (goto-char 8)
    (should (equal (call-interactively (lambda (a b) (interactive "r") (list a b))) '(3 8)))
    (should (equal (call-interactively (lambda (d m) (interactive "d\nm") (list d m))) '(8 3)))
    (should (equal (call-interactively (lambda (&optional i) (interactive "i") (list i))) '(nil)))))

(ert-deftest callint-no-mark ()
  (with-temp-buffer
    (should-error (call-interactively (lambda (a b) (interactive "r") (list a b))))))

(ert-deftest callint-read-only ()
  (with-temp-buffer
    (setq buffer-read-only t)
    (should-error (call-interactively (lambda () (interactive "*") 'ran))
                  :type 'buffer-read-only)
    (let ((inhibit-read-only t))
      (should (eq (call-interactively (lambda () (interactive "*") 'ran)) 'ran)))))

(ert-deftest callint-strings-numbers-and-prompts ()
  ;; Input is fed by redefining read-from-minibuffer in Lisp; Emacs's
  ;; interactive codes call its C reader directly, so this runs here only.
  (skip-unless (boundp 'gapmacs-version))
  (callint-tests--with-input '("abc" "42" "(+ 1 2)" "(+ 1 2)" "foo")
    (should (equal (call-interactively
                    (lambda (s n x xx sym) (interactive "sName: \nnNumber: \nxExpr: \nXEval: \nSSym: ")
                      (list s n x xx sym)))
                   '("abc" 42 (+ 1 2) 3 foo)))))

(ert-deftest callint-list-spec-and-history ()
  (let ((command-history nil))
    (should (equal (call-interactively (lambda (a b) (interactive (list 1 (+ 1 1))) (list a b)))
                   '(1 2)))
    (defalias 'callint-tests--recorded (lambda (a) (interactive (list 'sym)) a))
    (call-interactively 'callint-tests--recorded t)
    (should (equal (car command-history) '(callint-tests--recorded 'sym)))))

(ert-deftest callint-not-a-command ()
  (should-error (call-interactively (lambda () 1)) :type 'wrong-type-argument)
  (should-error (call-interactively 'car) :type 'wrong-type-argument))

(ert-deftest callint-called-interactively-p ()
  (defalias 'callint-tests--ci (lambda () (interactive) (called-interactively-p 'any)))
  (should (call-interactively 'callint-tests--ci))
  (should-not (callint-tests--ci))
  (should (funcall-interactively 'callint-tests--ci)))

(ert-deftest callint-called-interactively-p-only-in-the-command ()
  ;; The command called interactively says t; a function it calls, and the
  ;; command called from Lisp, say nil (a minor mode a command turns off
  ;; prints nothing).
  (defalias 'callint-tests--inner (lambda () (called-interactively-p 'any)))
  (defalias 'callint-tests--outer
    (lambda () (interactive)
      (list (called-interactively-p 'any) (callint-tests--inner)
            (let ((x 1)) (ignore x) (called-interactively-p 'any)))))
  (should (equal (call-interactively 'callint-tests--outer) '(t nil t)))
  (should (equal (callint-tests--outer) '(nil nil nil)))
  (should (equal (funcall (lambda () (call-interactively 'callint-tests--outer))) '(t nil t))))

(ert-deftest callint-command-execute-prefix ()
  (let ((prefix-arg '(4)) (current-prefix-arg nil))
    (should (equal (command-execute 'callint-tests--args) '(4 (4))))
    (should (null prefix-arg))
    (should (equal current-prefix-arg '(4)))))

(ert-deftest callint-universal-argument ()
  (let ((prefix-arg nil) (overriding-terminal-local-map nil) (pre-command-hook nil)
        (last-command-event nil))
    (universal-argument)
    (should (equal prefix-arg '(4)))
    (should (eq (lookup-key overriding-terminal-local-map "\C-u") 'universal-argument-more))
    (universal-argument-more prefix-arg)
    (should (equal prefix-arg '(16)))
    (let ((last-command-event ?5)) (digit-argument prefix-arg))
    (should (equal prefix-arg 5))
    (let ((last-command-event ?3)) (digit-argument prefix-arg))
    (should (equal prefix-arg 53))
    (setq prefix-arg nil)
    (negative-argument nil)
    (should (eq prefix-arg '-))
    (let ((last-command-event ?7)) (digit-argument prefix-arg))
    (should (equal prefix-arg -7))
    (negative-argument prefix-arg)
    (should (equal prefix-arg 7))
    ;; The next command's pre-command-hook removes the transient map.
    (run-hooks 'pre-command-hook)
    (should-not (and overriding-terminal-local-map
                     (lookup-key overriding-terminal-local-map "\C-u")))))

(ert-deftest callint-execute-extended-command ()
  (skip-unless (boundp 'gapmacs-version))
  (defalias 'callint-tests--mx (lambda (arg) (interactive "P") (list 'ran arg)))
  (callint-tests--with-input '("callint-tests--mx")
    (let ((current-prefix-arg '(4)) (this-command nil))
      (should (equal (call-interactively 'execute-extended-command) '(ran (4))))
      (should (eq this-command 'callint-tests--mx)))))

(defun callint-tests--type (keys)
  "Type KEYS (a string or vector) through the command loop."
  (let ((unread-command-events (append keys nil)))
    (gapmacs-command-loop-run)))

(ert-deftest callint-command-loop-typing ()
  (skip-unless (boundp 'gapmacs-version))
  (with-temp-buffer
    (let ((last-command nil) (this-command nil) (prefix-arg nil) (current-prefix-arg nil)
          (overriding-terminal-local-map nil) (pre-command-hook nil)
          (transient-mark-mode t) (kill-ring nil) (kill-ring-yank-pointer nil))
      (callint-tests--type "abc")
      (should (equal (buffer-string) "abc"))
      ;; C-u 3 x, then M-2 y (meta as ESC), then C-u C-u z.
      (callint-tests--type "\C-u3x\e2y\C-u\C-uz")
      (should (equal (buffer-string) "abcxxxyyzzzzzzzzzzzzzzzz"))
      (should-not overriding-terminal-local-map)
      (should-not prefix-arg)
      ;; C-a C-k C-k C-y: the two kills append, the yank restores them.
      (erase-buffer)
      (insert "one\ntwo")
      (goto-char 1)
      (callint-tests--type "\C-k\C-k")
      (should (equal (buffer-string) "two"))
      (should (equal (car kill-ring) "one\n"))
      (callint-tests--type "\C-y")
      (should (equal (buffer-string) "one\ntwo"))
      ;; C-SPC, move, C-w kills the region; the change deactivates the mark.
      (goto-char 1)
      (callint-tests--type [?\C-@ ?\C-f ?\C-f ?\C-w])
      (should (equal (buffer-string) "e\ntwo"))
      (should-not mark-active)
      ;; An undefined key is reported, not fatal.
      (callint-tests--type "\C-x\C-z")
      (should (equal (buffer-string) "e\ntwo")))))

(ert-deftest callint-command-loop-negative-and-minus ()
  (skip-unless (boundp 'gapmacs-version))
  (with-temp-buffer
    (let ((last-command nil) (this-command nil) (prefix-arg nil) (current-prefix-arg nil)
          (overriding-terminal-local-map nil) (pre-command-hook nil))
      (insert "abcdef")
      (callint-tests--type "\e-\C-d\e-\C-d")
      (should (equal (buffer-string) "abcd"))
      ;; C-u 2 - : the minus after digits is inserted twice.
      (callint-tests--type "\C-u2-")
      (should (equal (buffer-string) "abcd--")))))

(defun callint-tests--minibuffer-from-events (_prompt &optional initial _map read _hist default _inherit)
  "A minibuffer that takes its input from `unread-command-events' up to RET."
  (let ((chars nil) (e nil))
    (while (and unread-command-events
                (not (memq (setq e (pop unread-command-events)) '(13 10))))
      (push e chars))
    (let ((s (concat (or (and (stringp initial) initial) "") (apply #'string (nreverse chars)))))
      (when (and (equal s "") default)
        (setq s (if (consp default) (car default) default)))
      (if read (car (read-from-string s)) s))))

(ert-deftest callint-command-loop-minibuffer-commands ()
  (skip-unless (boundp 'gapmacs-version))
  (let ((old (symbol-function 'read-from-minibuffer)))
    (unwind-protect
        (progn (fset 'read-from-minibuffer #'callint-tests--minibuffer-from-events)
               (callint-tests--minibuffer-commands))
      (fset 'read-from-minibuffer old))))

(defun callint-tests--minibuffer-commands ()
  (with-temp-buffer
    (let ((last-command nil) (this-command nil) (prefix-arg nil) (current-prefix-arg nil)
          (overriding-terminal-local-map nil) (pre-command-hook nil))
      (insert "l1\nl2 foo\nl3 foo foo")
      (callint-tests--type "\egg2\r")
      (should (= (line-number-at-pos) 2))
      (callint-tests--type "\exend-of-buffer\r")
      (should (eobp))
      (callint-tests--type "\e<\C-sfoo\r")
      (should (= (point) 10))
      (callint-tests--type "\e%foo\rbar\ry!")
      (should (equal (buffer-string) "l1\nl2 foo\nl3 bar bar"))
      (callint-tests--type "\e:(+ 40 2)\r")
      (should (equal (car values) 42)))))
