;;; region-filter-line-tests.el --- :region-filter-unit 'line  -*- lexical-binding: t -*-

;; A gapmacs extension (no Emacs filter offers whole lines): the region
;; filter sees only regions that end just after a newline; the tail is
;; held back until its line is complete, or until EOF (before the sentinel).

(defun region-filter-line-tests--run (shell-command &optional read-max)
  "Run SHELL-COMMAND with a line-unit region filter; return (REGIONS EVENTS TEXT)."
  (let ((regions nil) (events nil)
        (read-process-output-max (or read-max 65536)))
    (with-temp-buffer
      (let ((p (make-process
                :name "rfl" :buffer (current-buffer)
                :command (list "sh" "-c" shell-command)
                :region-filter-unit 'line
                :region-filter (lambda (_p beg end)
                                 (push (buffer-substring beg end) regions))
                :sentinel (lambda (_p e) (push (list 'sentinel e (length regions)) events)))))
        (should (eq (process-region-filter-unit p) 'line))
        (while (not (memq (process-status p) '(exit signal)))
          (accept-process-output p 1))
        (accept-process-output nil 0.05)
        (list (nreverse regions) (nreverse events) (buffer-string))))))

(ert-deftest region-filter-line-whole-lines ()
  (let* ((r (region-filter-line-tests--run "printf 'one\\ntwo\\nthree\\n'"))
         (regions (nth 0 r)))
    (should (equal (apply #'concat regions) "one\ntwo\nthree\n"))
    (dolist (region regions) (should (string-suffix-p "\n" region)))))

(ert-deftest region-filter-line-one-byte-reads ()
  ;; Every read is one byte: each line still arrives whole, once, in order.
  (let* ((r (region-filter-line-tests--run "printf 'alpha\\nbeta\\ngamma\\n'" 1))
         (regions (nth 0 r)))
    (should (equal regions '("alpha\n" "beta\n" "gamma\n")))))

(ert-deftest region-filter-line-longer-than-the-pipe ()
  (let* ((r (region-filter-line-tests--run
             "head -c 300000 /dev/zero | tr '\\0' x; echo; echo short"))
         (regions (nth 0 r)))
    ;; A region may hold several lines; together they are the output, once.
    (should (equal (apply #'concat regions)
                   (concat (make-string 300000 ?x) "\nshort\n")))
    (dolist (region regions) (should (string-suffix-p "\n" region)))))

(ert-deftest region-filter-line-tail-before-sentinel ()
  ;; No final newline: the last line is delivered at EOF, before the sentinel.
  (let* ((r (region-filter-line-tests--run "printf 'a\\nb\\nno newline'" 1))
         (regions (nth 0 r))
         (events (nth 1 r)))
    (should (equal regions '("a\n" "b\n" "no newline")))
    (should (equal (nth 2 r) "a\nb\nno newline"))
    (should (equal (car events) (list 'sentinel "finished\n" 3)))))

(ert-deftest region-filter-line-set-and-errors ()
  (with-temp-buffer
    (let ((p (make-process :name "rfl2" :buffer (current-buffer)
                           :command '("cat") :region-filter #'ignore)))
      (should (eq (process-region-filter-unit p) 'chunk))
      (set-process-region-filter-unit p 'line)
      (should (eq (process-region-filter-unit p) 'line))
      (should-error (set-process-region-filter-unit p 'word))
      (delete-process p))))
