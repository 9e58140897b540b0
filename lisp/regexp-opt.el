;;; regexp-opt.el --- regexps matching any of a list of strings  -*- lexical-binding: t -*-

;; Written for gapmacs from the documented behaviour of Emacs's
;; `regexp-opt' (Emacs Lisp manual, "Regexp Functions"); not derived from
;; Emacs's regexp-opt.el.  The regexp matches exactly the same strings as
;; Emacs's and, like it, prefers the longest string at a position (common
;; prefixes and suffixes are factored out, single characters become a
;; bracket expression); the text may differ from Emacs's in places.

(defun regexp-opt--common-prefix (strings)
  (let ((p (car strings)))
    (dolist (s (cdr strings))
      (let ((i 0) (n (min (length p) (length s))))
        (while (and (< i n) (eq (aref p i) (aref s i))) (setq i (1+ i)))
        (setq p (substring p 0 i))))
    p))

(defun regexp-opt--common-suffix (strings)
  (let ((p (car strings)))
    (dolist (s (cdr strings))
      (let ((i 0) (lp (length p)) (ls (length s)))
        (while (and (< i (min lp ls)) (eq (aref p (- lp i 1)) (aref s (- ls i 1))))
          (setq i (1+ i)))
        (setq p (substring p (- lp i)))))
    p))

;;;###autoload
(defun regexp-opt-charset (chars)
  "A bracket expression matching any of CHARS (a list of characters)."
  (let ((set (sort (delete-dups (copy-sequence chars)) #'<))
        (dash nil) (caret nil) (bracket nil) (body ""))
    (dolist (c set)
      (cond ((eq c ?-) (setq dash t))
            ((eq c ?^) (setq caret t))
            ((eq c ?\]) (setq bracket t))
            (t (setq body (concat body (string c))))))
    (cond ((and (= (length set) 1) (not (member (car set) '(?\] ?- ?^))))
           (regexp-quote (string (car set))))
          ((and (= (length set) 1)) (regexp-quote (string (car set))))
          (t (concat "[" (if bracket "]" "") body (if caret "^" "") (if dash "-" "") "]")))))

;; The body for a set of distinct STRINGS, without an enclosing group.
;; Every alternative is a sequence that a postfix operator would not bind
;; as a whole, so callers group when needed.
(defun regexp-opt--group (strings)
  (cond
   ((null (cdr strings)) (regexp-quote (car strings)))
   ((member "" strings)
    (let ((rest (delete "" (copy-sequence strings))))
      (concat (regexp-opt--shy (regexp-opt--group rest) rest) "?")))
   ((let ((prefix (regexp-opt--common-prefix strings)))
      (and (> (length prefix) 0)
           (concat (regexp-quote prefix)
                   (regexp-opt--wrap (mapcar (lambda (s) (substring s (length prefix))) strings))))))
   ((let ((suffix (regexp-opt--common-suffix strings)))
      (and (> (length suffix) 0)
           (concat (regexp-opt--wrap (mapcar (lambda (s) (substring s 0 (- (length s) (length suffix))))
                                              strings))
                   (regexp-quote suffix)))))
   ((let ((singles (seq-filter (lambda (s) (= (length s) 1)) strings)))
      (and (cdr singles)
           (let ((class (regexp-opt-charset (mapcar (lambda (s) (aref s 0)) singles)))
                 (others (seq-remove (lambda (s) (= (length s) 1)) strings)))
             (if others
                 (concat (regexp-opt--alternation others) "\\|" class)
               class)))))
   (t (regexp-opt--alternation strings))))

;; Alternatives grouped by first character, the longer groups first so the
;; longest string wins.
(defun regexp-opt--alternation (strings)
  (let ((groups nil))
    (dolist (s strings)
      (let ((cell (assq (aref s 0) groups)))
        (if cell (setcdr cell (cons s (cdr cell))) (push (list (aref s 0) s) groups))))
    (mapconcat (lambda (g) (regexp-opt--group (nreverse (cdr g)))) (nreverse groups) "\\|")))

(defun regexp-opt--single-unit-p (re strings)
  "Whether RE (for STRINGS) binds as one unit under a postfix operator."
  (or (and (= (length strings) 1) (= (length (car strings)) 1))
      (and (string-prefix-p "[" re) (string-suffix-p "]" re)
           (seq-every-p (lambda (s) (= (length s) 1)) strings))))

(defun regexp-opt--shy (re strings)
  (if (regexp-opt--single-unit-p re strings) re (concat "\\(?:" re "\\)")))

(defun regexp-opt--wrap (strings)
  (let ((re (regexp-opt--group strings)))
    ;; With "" the body is already a unit: X? where X is grouped.
    (if (member "" strings) re (regexp-opt--shy re strings))))

;;;###autoload
(defun regexp-opt (strings &optional paren)
  "A regexp matching any string of STRINGS, preferring the longest.
PAREN: nil (a shy group when needed), `words' or `symbols' (a group
between word or symbol boundaries), otherwise a numbered group."
  (let* ((strings (sort (delete-dups (copy-sequence strings)) #'string-lessp))
         (open (cond ((null paren) "\\(?:") (t "\\(")))
         (re (cond ((null strings) "\\(?:\\`a\\`\\)")
                   (t (regexp-opt--group strings))))
         (grouped (if (and (null paren) strings (regexp-opt--single-unit-p re strings)) re
                    (if (null strings) re (concat open re "\\)")))))
    (cond ((eq paren 'words) (concat "\\<" grouped "\\>"))
          ((eq paren 'symbols) (concat "\\_<" grouped "\\_>"))
          (t grouped))))

;;;###autoload
(defun regexp-opt-depth (regexp)
  "The number of plain capturing groups in REGEXP."
  (let ((count 0) (start 0))
    (while (string-match "\\\\\\\\\\|\\\\(\\(\\?[0-9]*:\\)?" regexp start)
      ;; Explicitly numbered groups \\(?N: are not counted, as in Emacs.
      (when (and (not (equal (match-string 0 regexp) "\\\\"))
                 (null (match-beginning 1)))
        (setq count (1+ count)))
      (setq start (match-end 0)))
    count))

(provide 'regexp-opt)

;;; regexp-opt.el ends here
