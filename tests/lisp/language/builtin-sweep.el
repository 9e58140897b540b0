;;; builtin-sweep.el --- every builtin with hostile arguments  -*- lexical-binding: t -*-

;; Run by builtin-sweep-tests.el in a child gapmacs (stdin /dev/null, a
;; temporary directory as default-directory), so that a crash is seen as the
;; child's exit status: `builtin-sweep-run' calls every subr with 0 to 3
;; arguments drawn from `builtin-sweep--values' under `condition-case'.
;; Each call must return a value or signal a Lisp error.  Before each subr it
;; writes "SWEEP NAME" to stderr, so the last such line names a culprit.
;;
;; Under the gc-stress run the parent starts this child with
;; GAPMACS_GC_STRESS=tests, and the sweep turns stress on itself (a
;; collection every 16th allocation in that mode) and makes only the calls
;; with 0 and 1 argument: a collection at every allocation took 2 minutes
;; for those alone, the full sweep would take hours.

(defconst builtin-sweep--excluded
  '(;; Exits the process (the sweep would end there).
    kill-emacs
    ;; Wait up to SECONDS: most-positive-fixnum seconds legitimately blocks.
    sleep-for sit-for accept-process-output
    ;; A COUNT of 0 repeats the macro until an error: "abc" for ever.
    execute-kbd-macro
    ;; Sends a signal to any PID: as root, (signal-process -1 9) kills every
    ;; process of the machine.
    signal-process
    ;; Switches the collector to a collection per allocation, which only
    ;; makes the rest of the sweep hours slower.
    gapmacs-gc-stress)
  "Subrs the sweep does not call, each for the reason given above.")

(defvar builtin-sweep--buffer nil)

(defun builtin-sweep--closure ()
  (eval (list 'function (list 'lambda (list '&rest '_) nil)) t))

(defun builtin-sweep--values ()
  "Fresh values of every type (the previous ones may have been mutated)."
  (let* ((live (get-buffer-create " sweep-live"))
         (killed (get-buffer-create " sweep-killed"))
         (circ (list 1 2 3))
         (circ1 (list 'a))
         (m (with-current-buffer live
              (erase-buffer)
              (insert "héllo 漢字\nworld")
              (copy-marker 3)))
         (km (with-current-buffer killed (insert "xyz") (copy-marker 2)))
         (ov (with-current-buffer live (make-overlay 2 5)))
         (dead-ov (with-current-buffer live (make-overlay 1 2)))
         (h (make-hash-table :test 'equal))
         (self-h (make-hash-table))
         (self-v (make-vector 2 0))
         (proc (start-process "sweep" nil "cat"))
         (dead (let ((p (start-process "sweep-dead" nil "cat"))) (delete-process p) p))
         (nested (let ((x nil)) (dotimes (_ 300) (setq x (list x))) x)))
    ;; The symbols among the values are the sweep's own: fset, defalias,
    ;; set, put... may change them (never a symbol the sweep relies on).
    ;; Closures made from a list built here: one made by a `lambda' in this
    ;; code shares its arguments and body with the code (as in Emacs, whose
    ;; loads expand macros eagerly), and a call that changes it in place
    ;; (nreverse, setcdr) would change the code that makes the next one.
    (fset 'builtin-sweep--fn (builtin-sweep--closure))
    (kill-buffer killed)
    (delete-overlay dead-ov)
    (setcdr (cddr circ) circ)
    (setcdr circ1 circ1)
    (puthash "k" 'v h)
    (puthash 1 2 h)
    (puthash self-h self-h self-h)
    (aset self-v 0 self-v)
    (vector nil t 0 1 -1 2 7 100 most-positive-fixnum most-negative-fixnum
            4194304 1.5 -0.0 1.0e+INF -1.0e+INF 0.0e+NaN 1e300
            "" "abc" "héllo 漢字" "\377\200" (propertize "prop" 'face 'bold)
            "a\nb" "%s%d%c" "\\(" "[" "abc\\|x*"
            'builtin-sweep--sym :kw 'nil
            (list 1 2 3) (cons 'a 'b) (list 1 2 (cons 3 4)) (list (cons 'a 1) (cons "b" 2))
            (list :a 1 :b 2) (list 'quote 'x) (list 'lambda '(x) 'x)
            circ circ1 nested
            [] (vector 1 "a" 'b) self-v
            h self-h
            live killed m km (make-marker)
            ov dead-ov proc dead
            (make-char-table 'builtin-sweep 1) (make-syntax-table)
            (symbol-function 'car) (symbol-function 'if) (builtin-sweep--closure) 'builtin-sweep--fn
            (current-time))))

(defun builtin-sweep--subrs ()
  (let (subrs)
    (mapatoms (lambda (s)
                (when (and (fboundp s)
                           (eq (type-of (symbol-function s)) 'subr)
                           (not (memq s builtin-sweep--excluded)))
                  (push s subrs))))
    (sort subrs (lambda (a b) (string< (symbol-name a) (symbol-name b))))))

(defvar builtin-sweep--calls 0)

(defvar builtin-sweep--trace (getenv "SWEEP_TRACE")
  "Non-nil: print each call's arguments before making it (to find a culprit).")

(defun builtin-sweep--call (f args)
  (setq builtin-sweep--calls (1+ builtin-sweep--calls))
  (when builtin-sweep--trace
    (let ((print-level 3) (print-length 5))
      (message "CALL %S %S" f args)))
  ;; A fresh working buffer when the last call killed it or filled it
  ;; (insert-buffer-substring of itself doubles it at each call).
  (unless (and (buffer-live-p (current-buffer)) (< (buffer-size) 100000))
    (set-buffer (get-buffer-create " sweep-work"))
    (let ((inhibit-read-only t))
      (widen)
      (erase-buffer)))
  (condition-case nil
      (save-current-buffer (apply f args))
    (t nil)))

(defun builtin-sweep--one (f max-args)
  (let* ((arity (func-arity f))
         (min (car arity))
         (max (if (numberp (cdr arity)) (min (cdr arity) max-args) max-args))
         (values (progn
                   ;; (delete-directory "" t) removes the working directory.
                   (make-directory default-directory t)
                   (set-file-modes default-directory #o700)
                   (builtin-sweep--values)))
         (n (length values)))
    (message "SWEEP %s%s" f (if builtin-sweep--trace (format " %f" (float-time)) ""))
    (when (<= min 0) (builtin-sweep--call f nil))
    (when (and (<= min 1) (>= max 1))
      (dotimes (i n) (builtin-sweep--call f (list (aref values i)))))
    (when (and (<= min 2) (>= max 2))
      (dotimes (i n)
        (dotimes (j n)
          (builtin-sweep--call f (list (aref values i) (aref values j))))))
    (when (and (<= min 3) (>= max 3))
      ;; N*N triples (each value in each place, against every other in
      ;; the other two places) when 3 arguments are needed; a third of them
      ;; otherwise (the pairs were covered above).
      (let ((step (if (= min 3) 1 3)))
        (dotimes (i n)
          (let ((j (% i step)))
            (while (< j n)
              (builtin-sweep--call f (list (aref values i) (aref values j)
                                           (aref values (% (+ (* i 7) (* j 3) 1) n))))
              (setq j (+ j step)))))))
    (dolist (p (process-list)) (delete-process p))))

(defun builtin-sweep-run ()
  "Calls every subr (see the commentary); exits 0 when all returned."
  (let* ((stress (getenv "GAPMACS_GC_STRESS"))
         (max-args (if (and stress (not (equal stress ""))) 1 3))
         (only (getenv "SWEEP_ONLY"))
         (subrs (if only (mapcar #'intern (split-string only ",")) (builtin-sweep--subrs)))
         (temporary-file-directory default-directory)
         ;; Fewer collections: (make-list 4194304 X) 80 times otherwise
         ;; collects ~100 times per list (not under stress, which collects
         ;; at every allocation whatever the threshold).
         (gc-cons-threshold (* 64 1024 1024)))
    (when (> max-args 1) (setq stress nil))
    ;; A coding-system argument the converters do not know loads Emacs's
    ;; coding systems (mule-setup.el): here, before the calls.  Under stress
    ;; they are left out (its autoloads then signal): the collector's cost
    ;; grows with the live heap, and theirs made the sweep 8 times slower;
    ;; mule-tests.el checks them.
    (if stress (provide 'mule-setup) (require 'mule-setup))
    (when stress (gapmacs-gc-stress t))
    (with-temp-buffer
      (dolist (f subrs)
        (let ((inhibit-quit nil))
          (builtin-sweep--one f max-args))))
    (dolist (p (process-list)) (delete-process p))
    (message "SWEEP-DONE %d subrs %d calls" (length subrs) builtin-sweep--calls)
    (kill-emacs 0)))

;;; builtin-sweep.el ends here
