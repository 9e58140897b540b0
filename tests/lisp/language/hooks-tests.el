;;; hooks-tests.el --- hooks and change hooks -*- lexical-binding: t -*-

;; Expected values are what GNU Emacs 28 gives (emacs --batch -Q).
;; Needs the editor: buffers (runs in batch mode, not on the language alone).

(require 'ert)

(defvar ht-log nil)
(defvar ht-hook nil)
(defun ht-a (&rest args) (push (cons 'a args) ht-log) nil)
(defun ht-b (&rest args) (push (cons 'b args) ht-log) 'b)
(defun ht-c (&rest args) (push (cons 'c args) ht-log) nil)

(ert-deftest hooks-add-remove-order ()
  (let ((ht-hook nil))
    (add-hook 'ht-hook #'ht-a)
    (add-hook 'ht-hook #'ht-b)
    (should (equal ht-hook '(ht-b ht-a)))
    (add-hook 'ht-hook #'ht-c t)
    (should (equal ht-hook '(ht-b ht-a ht-c)))
    (add-hook 'ht-hook #'ht-a)              ; already there
    (should (equal ht-hook '(ht-b ht-a ht-c)))
    (remove-hook 'ht-hook #'ht-a)
    (should (equal ht-hook '(ht-b ht-c)))
    (should (equal (remove-hook 'ht-hook #'ht-a) '(ht-b ht-c)))))

(ert-deftest hooks-depth ()
  (let ((ht-hook nil))
    (add-hook 'ht-hook #'ht-a 50)
    (add-hook 'ht-hook #'ht-b -50)
    (add-hook 'ht-hook #'ht-c)
    (should (equal ht-hook '(ht-b ht-c ht-a)))
    (put 'ht-hook 'hook--depth-alist nil)))

(ert-deftest hooks-run-hooks ()
  (let ((ht-hook nil) (ht-log nil))
    (add-hook 'ht-hook #'ht-a)
    (add-hook 'ht-hook #'ht-b t)
    (run-hooks 'ht-hook 'ht-void-hook)
    (should (equal ht-log '((b) (a))))
    ;; A hook whose value is a single function.
    (setq ht-hook #'ht-c ht-log nil)
    (run-hooks 'ht-hook)
    (should (equal ht-log '((c))))
    (setq ht-hook (lambda () (push 'lambda ht-log)) ht-log nil)
    (run-hooks 'ht-hook)
    (should (equal ht-log '(lambda)))
    ;; add-hook turns a single function into a list.
    (setq ht-hook #'ht-c)
    (add-hook 'ht-hook #'ht-a)
    (should (equal ht-hook '(ht-a ht-c)))))

(ert-deftest hooks-run-hook-with-args ()
  (let ((ht-hook '(ht-a ht-b ht-c)) (ht-log nil))
    (should-not (run-hook-with-args 'ht-hook 1 2))
    (should (equal ht-log '((c 1 2) (b 1 2) (a 1 2))))
    (setq ht-log nil)
    (should (eq (run-hook-with-args-until-success 'ht-hook 3) 'b))
    (should (equal ht-log '((b 3) (a 3))))
    (setq ht-log nil)
    (should-not (run-hook-with-args-until-failure 'ht-hook 4))
    (should (equal ht-log '((a 4))))
    (setq ht-hook '(ht-b))
    (should (eq (run-hook-with-args-until-failure 'ht-hook 5) t))
    (should (eq (run-hook-with-args-until-failure 'ht-void-hook) t))
    (should-not (run-hook-with-args-until-success 'ht-void-hook))))

(ert-deftest hooks-local ()
  (let ((ht-log nil))
    (setq-default ht-hook nil)
    (add-hook 'ht-hook #'ht-a)
    (with-temp-buffer
      (add-hook 'ht-hook #'ht-b nil t)
      (should (local-variable-p 'ht-hook))
      (should (equal ht-hook '(ht-b t)))
      (should (equal (default-value 'ht-hook) '(ht-a)))
      (run-hooks 'ht-hook)
      (should (equal ht-log '((a) (b))))
      (setq ht-log nil)
      (with-temp-buffer
        (run-hooks 'ht-hook)
        (should (equal ht-log '((a)))))
      (remove-hook 'ht-hook #'ht-b t)
      ;; The local value became (t) and was killed.
      (should-not (local-variable-p 'ht-hook)))
    (remove-hook 'ht-hook #'ht-a)
    (should (equal (default-value 'ht-hook) nil))))

(ert-deftest hooks-change-functions ()
  (with-temp-buffer
    (let ((log nil))
      (setq-local before-change-functions
                  (list (lambda (b e) (push (list 'before b e inhibit-modification-hooks) log))))
      (setq-local after-change-functions
                  (list (lambda (b e l) (push (list 'after b e l) log))))
      (insert "hello")
      (delete-region 2 4)
      (goto-char 2)
      (insert-char ?x 2)
      (delete-char 1)
      (upcase-region 1 3)
      (goto-char (point-min))
      (when (re-search-forward "l" nil t) (replace-match "LL"))
      (let ((inhibit-modification-hooks t))
        (insert "quiet"))
      (erase-buffer)
      (should (equal (nreverse log)
                     '((before 1 1 t) (after 1 6 0)
                       (before 2 4 t) (after 2 2 2)
                       (before 2 2 t) (after 2 4 0)
                       (before 4 5 t) (after 4 4 1)
                       (before 1 3 t) (after 1 3 2)
                       (before 1 10 t) (after 1 1 9)))))))

(ert-deftest hooks-change-functions-replace-print-case ()
  (with-temp-buffer
    (let ((log nil))
      (insert "abcb")
      (setq-local before-change-functions
                  (list (lambda (b e) (push (list 'before b e) log))))
      (setq-local after-change-functions
                  (list (lambda (b e l) (push (list 'after b e l) log))))
      (goto-char 1)
      (re-search-forward "b")
      (replace-match "XY")
      (princ "pp" (current-buffer))
      (capitalize-region 1 (point-max))
      (should (equal (list (buffer-string) (nreverse log))
                     '("Axyppcb" ((before 2 3) (after 2 4 1) (before 4 4) (after 4 6 0)
                                  (before 1 8) (after 1 4 3))))))))

(ert-deftest hooks-change-function-error-resets-hook ()
  (with-temp-buffer
    (setq-local after-change-functions (list (lambda (&rest _) (error "boom"))))
    (should (equal (condition-case e (insert "a") (error (cadr e))) "boom"))
    (should (equal (buffer-string) "a"))
    (should (null after-change-functions))))

(ert-deftest hooks-first-change-hook ()
  (with-temp-buffer
    (let ((n 0))
      (setq-local first-change-hook (list (lambda () (setq n (1+ n)))))
      (insert "a")
      (insert "b")
      (set-buffer-modified-p nil)
      (insert "c")
      (should (= n 2)))))

(ert-deftest hooks-kill-buffer-hook-runs-in-buffer ()
  (let* ((b (generate-new-buffer "ht-kill"))
         (seen nil))
    (with-current-buffer b
      (add-hook 'kill-buffer-hook (lambda () (setq seen (current-buffer))) nil t))
    (kill-buffer b)
    (should (eq seen b))))

(ert-deftest hooks-standard-variables ()
  (dolist (v '(pre-command-hook post-command-hook find-file-hook change-major-mode-hook
               after-init-hook emacs-startup-hook window-setup-hook kill-buffer-hook
               before-change-functions after-change-functions))
    (should (boundp v))))

(ert-deftest hooks-run-mode-hooks ()
  (let ((ht-hook '(ht-a)) (ht-log nil))
    (run-mode-hooks 'ht-hook)
    (should (equal ht-log '((a))))))

(ert-deftest hooks-safe-run-hooks ()
  ;; The command loop's runner: a failing function is reported and removed.
  (skip-unless (boundp 'gapmacs-version))
  (let ((ht-hook nil) (ht-log nil))
    (add-hook 'ht-hook #'ht-a)
    (add-hook 'ht-hook (lambda () (error "boom")) 50)
    (add-hook 'ht-hook #'ht-c 90)
    (gapmacs--safe-run-hooks 'ht-hook)
    (should (equal ht-log '((c) (a))))
    (should (equal ht-hook '(ht-a ht-c)))
    (put 'ht-hook 'hook--depth-alist nil)))

;;; hooks-tests.el ends here
