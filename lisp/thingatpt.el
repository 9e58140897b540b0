;;; thingatpt.el --- the thing at point  -*- lexical-binding: t -*-

;; `thing-at-point' and `bounds-of-thing-at-point' for symbols, words,
;; lines, sexps, lists, numbers, file names, URLs, e-mail addresses and
;; whitespace, with Emacs's protocol: a THING is found by its
;; `forward-THING' function (or its `beginning-op'/`end-op' properties),
;; or directly by its `bounds-of-thing-at-point' or `thing-at-point'
;; property, so code that defines its own things works unchanged.

(defun forward-thing (thing &optional n)
  "Move forward to the end of the Nth next THING (backward when N < 0)."
  (let ((forward-op (or (get thing 'forward-op)
                        (intern-soft (format "forward-%s" thing)))))
    (if (functionp forward-op)
        (funcall forward-op (or n 1))
      (error "Can't determine how to move over a %s" thing))))

(defun thingatpt--end (thing)
  (funcall (or (get thing 'end-op) (lambda () (forward-thing thing 1)))))

(defun thingatpt--beginning (thing)
  (funcall (or (get thing 'beginning-op) (lambda () (forward-thing thing -1)))))

(defun bounds-of-thing-at-point (thing)
  "The start and end of the THING at point, as (START . END), or nil.
A thing that ends at point counts, as in Emacs."
  (cond
   ((get thing 'bounds-of-thing-at-point)
    (funcall (get thing 'bounds-of-thing-at-point)))
   ;; A buffer of nothing but whitespace has no things, as in Emacs.
   ((and (not (eq thing 'whitespace))
         (save-excursion
           (goto-char (point-min))
           (not (re-search-forward "[^\t\n ]" nil t))))
    nil)
   (t
    (let ((orig (point)))
      (ignore-errors
        (save-excursion
          ;; Forward to its end, back to its start: a thing around point.
          (thingatpt--end thing)
          (thingatpt--beginning thing)
          (let ((beg (point)))
            (if (<= beg orig)
                (let ((real-end (progn (thingatpt--end thing) (point))))
                  (when (and (<= orig real-end) (< beg real-end))
                    (cons beg real-end)))
              ;; Else back to a start, forward to its end: a thing ending at point.
              (goto-char orig)
              (thingatpt--beginning thing)
              (thingatpt--end thing)
              (let ((end (point))
                    (real-beg (progn (thingatpt--beginning thing) (point))))
                (when (and (<= real-beg orig) (<= orig end) (< real-beg end))
                  (cons real-beg end)))))))))))

(defun thing-at-point (thing &optional no-properties)
  "The THING at point as a string (a number for `number'), or nil.
THING is a symbol: `symbol', `word', `line', `sexp', `list', `number',
`filename', `url', `email', `whitespace', `sentence', or any thing with
a `forward-' function or the thingatpt properties.  NO-PROPERTIES strips
text properties."
  (let ((text (if (get thing 'thing-at-point)
                  (funcall (get thing 'thing-at-point))
                (let ((bounds (bounds-of-thing-at-point thing)))
                  (when bounds
                    (buffer-substring (car bounds) (cdr bounds)))))))
    (when (and text no-properties (sequencep text))
      (set-text-properties 0 (length text) nil text))
    text))

(defun beginning-of-thing (thing)
  "Move to the start of the THING at point."
  (let ((bounds (bounds-of-thing-at-point thing)))
    (or bounds (error "No %s here" thing))
    (goto-char (car bounds))))

(defun end-of-thing (thing)
  "Move to the end of the THING at point."
  (let ((bounds (bounds-of-thing-at-point thing)))
    (or bounds (error "No %s here" thing))
    (goto-char (cdr bounds))))

;;;; Motion the things use

(defun forward-symbol (arg)
  "Move over ARG symbols (backward when ARG < 0)."
  (interactive "^p")
  (if (natnump arg)
      (re-search-forward "\\(\\sw\\|\\s_\\)+" nil 'move arg)
    (while (< arg 0)
      (when (re-search-backward "\\(\\sw\\|\\s_\\)+" nil 'move)
        (skip-syntax-backward "w_"))
      (setq arg (1+ arg)))))

(defun forward-whitespace (arg)
  "Move over ARG runs of whitespace (backward when ARG < 0)."
  (interactive "^p")
  (if (natnump arg)
      (re-search-forward "[ \t]+\\|\n" nil 'move arg)
    (while (< arg 0)
      (when (re-search-backward "[ \t]+\\|\n" nil 'move)
        (or (eq (char-after (match-beginning 0)) ?\n)
            (skip-chars-backward " \t")))
      (setq arg (1+ arg)))))

;; A line is the text up to and including its newline.
(put 'line 'beginning-op (lambda () (if (bolp) (forward-line -1) (beginning-of-line))))

;; A list is a sexp that starts with an open parenthesis around point.
(defun thing-at-point-bounds-of-list-at-point ()
  (save-excursion
    (let ((start (ignore-errors
                   (if (eq (char-syntax (or (char-after) ?\s)) ?\()
                       (point)
                     (backward-up-list 1)
                     (point)))))
      (when start
        (goto-char start)
        (ignore-errors (forward-sexp 1) (cons start (point)))))))
(put 'list 'bounds-of-thing-at-point #'thing-at-point-bounds-of-list-at-point)

(defun thing-at-point-looking-at (regexp &optional distance)
  "Non-nil if REGEXP matches text around point; the match data covers it.
The match chosen is the one starting earliest (within DISTANCE
characters before point) that still reaches point."
  (save-excursion
    (let* ((old (point))
           (limit (if distance (max (point-min) (- old distance)) (point-min)))
           (best nil))
      (goto-char old)
      (catch 'done
        (while (>= (point) limit)
          (if (and (looking-at regexp) (>= (match-end 0) old))
              (setq best (point))
            (when best (throw 'done nil)))
          (if (bobp) (throw 'done nil) (backward-char 1))))
      (when best
        (goto-char best)
        (looking-at regexp)))))

;;;; Numbers, file names, URLs, e-mail addresses

(defun number-at-point ()
  "The number at point (decimal, or hexadecimal after 0x or #x), or nil."
  (cond
   ((thing-at-point-looking-at "\\(0x\\|#x\\)\\([a-fA-F0-9]+\\)" 500)
    (string-to-number (buffer-substring (match-beginning 2) (match-end 2)) 16))
   ((thing-at-point-looking-at "-?[0-9]+\\.?[0-9]*" 500)
    (string-to-number (buffer-substring (match-beginning 0) (match-end 0))))))
(put 'number 'thing-at-point #'number-at-point)

(defvar thing-at-point-file-name-chars "-@~/[:alnum:]_.${}#%,:"
  "Characters that may be part of a file name at point.")

(put 'filename 'end-op
     (lambda () (re-search-forward (concat "\\=[" thing-at-point-file-name-chars "]*") nil t)))
(put 'filename 'beginning-op
     (lambda () (if (re-search-backward (concat "[^" thing-at-point-file-name-chars "]") nil t)
                    (forward-char)
                  (goto-char (point-min)))))

(defvar thing-at-point-uri-schemes
  '("aaa://" "about:" "acap://" "apt:" "bzr://" "bzr+ssh://" "attachment:/" "chrome://" "cid:"
    "content://" "crid://" "cvs://" "data:" "dav:" "dict://" "doi:" "dns:" "dtn:" "feed:" "file:/"
    "finger://" "fish://" "ftp://" "geo:" "git://" "go:" "gopher://" "h323:" "http://" "https://"
    "im:" "imap://" "info:" "ipp:" "irc://" "irc6://" "ircs://" "iris.beep:" "jar:" "ldap://"
    "ldaps://" "magnet:" "mailto:" "mid:" "mtqp://" "mupdate://" "news:" "nfs://" "nntp://"
    "opaquelocktoken:" "pop://" "pres:" "resource://" "rmi://" "rsync://" "rtsp://" "rtspu://"
    "service:" "sftp://" "sip:" "sips:" "smb://" "sms:" "snmp://" "soap.beep://" "soap.beeps://"
    "ssh://" "svn://" "svn+ssh://" "tag:" "tel:" "telnet://" "tftp://" "tip://" "tn3270://"
    "udp://" "urn:" "uuid:" "vemmi://" "webcal://" "xri://" "xmlrpc.beep://" "xmlrpc.beeps://"
    "z39.50r://" "z39.50s://" "xmpp:" "fax:" "man:" "mms://" "mmsh://" "modem:" "prospero:"
    "snews:" "wais://")
  "URI schemes that `thing-at-point' recognizes (Emacs 28's list).")

(defvar thing-at-point-url-path-regexp "[^]\t\n \"'<>[^`{}]*[^]\t\n \"'<>[^`{}.,;]+"
  "A regexp matching the host and path of a URL (Emacs 28's).")

(defvar thing-at-point-short-url-regexp
  (concat "[-A-Za-z0-9]+\\.[-A-Za-z0-9.]+" thing-at-point-url-path-regexp)
  "A regexp matching a URL without its scheme (Emacs 28's).")

(defvar thing-at-point-url-regexp
  "\\(?:https?\\|ftp\\|file\\|mailto\\)://[-[:alnum:]_.~/?#@!$&'*+,;=%:()]+"
  "What a URL at point looks like.")

(defun thing-at-point-bounds-of-url-at-point ()
  (save-excursion
    (when (thing-at-point-looking-at thing-at-point-url-regexp 500)
      (let ((end (match-end 0)))
        ;; Closing punctuation after a URL belongs to the sentence.
        (goto-char end)
        (skip-chars-backward ".,;:!?)'" (match-beginning 0))
        (cons (match-beginning 0) (point))))))
(put 'url 'bounds-of-thing-at-point #'thing-at-point-bounds-of-url-at-point)

(defvar thing-at-point-email-regexp
  "<?[-+_~a-zA-Z0-9/][-+_.~:a-zA-Z0-9%/]*@[-a-zA-Z0-9]+[-.a-zA-Z0-9]*>?"
  "What an e-mail address at point looks like.")

(put 'email 'bounds-of-thing-at-point
     (lambda ()
       (when (thing-at-point-looking-at thing-at-point-email-regexp 500)
         (cons (match-beginning 0) (match-end 0)))))

;;;; Shorthands

(defun word-at-point (&optional no-properties)
  "The word at point, or nil."
  (thing-at-point 'word no-properties))

(defun sentence-at-point (&optional no-properties)
  "The sentence at point, or nil."
  (thing-at-point 'sentence no-properties))

(defun symbol-at-point ()
  "The symbol at point (interned), or nil."
  (let ((name (thing-at-point 'symbol t)))
    (and name (intern name))))

(defun sexp-at-point ()
  "The sexp at point, read, or nil."
  (let ((text (thing-at-point 'sexp t)))
    (and text (ignore-errors (car (read-from-string text))))))

(defun list-at-point (&optional _ignore-comment-or-string)
  "The list at point, read, or nil."
  (let ((text (thing-at-point 'list t)))
    (and text (ignore-errors (car (read-from-string text))))))

(provide 'thingatpt)

;;; thingatpt.el ends here
