;;; mule-setup.el --- Emacs's charsets, coding systems and languages, on first use  -*- lexical-binding: t -*-

;; Emacs preloads mule.el, mule-conf.el (its charsets and coding systems),
;; mule-cmds.el and the language files, then sets the language environment
;; from the locale at start-up.  gapmacs loads them the first time
;; something asks about a coding system or a charset (the preloaded index
;; sends those functions here), on the registry of charsets.el and
;; codings.el, so start-up pays nothing.  Without Emacs's library the
;; registry stays empty and the converters' names are the coding systems.

(require 'codings)

(defvar file-coding-system-alist nil
  "Alist of file name patterns and the coding systems to read and write them.
C in Emacs; its value comes from mule-conf.el, so using it loads this file.")

(defconst mule-setup-files
  '("international/mule" "international/mule-conf" "international/mule-cmds"
    "language/chinese" "language/cyrillic" "language/indian" "language/sinhala"
    "language/english" "language/ethiopic" "language/european" "language/czech"
    "language/slovak" "language/romanian" "language/greek" "language/hebrew"
    "international/cp51932" "international/eucjp-ms" "language/japanese"
    "language/korean" "language/lao" "language/tai-viet" "language/thai"
    "language/tibetan" "language/vietnamese" "language/misc-lang"
    "language/utf-8-lang" "language/georgian" "language/khmer" "language/burmese"
    "language/cham")
  "Emacs's files loadup.el loads for its charsets, coding systems and
language environments, in its order.")

(defun mule-setup--load (file)
  "Load FILE from Emacs's library; an error in it is reported, and the files
after it still load."
  (condition-case err
      (load file nil t)
    (error (display-warning 'mule-setup (format "Loading %s: %s" file (error-message-string err))
                            :error))))

(defun mule-setup--make-translation-table (&rest args)
  "Emacs's `make-translation-table' (mule.el), with the characters
translated to each character in a hash table where Emacs keeps an alist:
the same table, in time linear in the pairs (eucjp-ms.el makes two of
2,069 pairs while Emacs's coding systems load; Emacs has them dumped)."
  (let ((table (make-char-table 'translation-table))
        (translated-to (make-hash-table :test 'eq)))
    (dolist (elts args)
      (dolist (elt elts)
        (let* ((from (car elt))
               (to (or (aref table (cdr elt)) (cdr elt)))
               (to-from (gethash from translated-to 'none)))
          (aset table from to)
          (unless (eq to-from 'none)
            (dolist (c to-from)
              (aset table c to))
            (puthash from nil translated-to))
          (puthash to (cons from (gethash to translated-to)) translated-to))))
    (set-char-table-extra-slot table 1 1)
    table))

(put 'insert-file-contents 'target-idx 0)
(put 'write-region 'target-idx 2)
(put 'call-process 'target-idx 0)
(put 'start-process 'target-idx 2)
(put 'open-network-stream 'target-idx 3)

(defun find-operation-coding-system (operation &rest arguments)
  "The coding systems (DECODING . ENCODING) OPERATION uses with ARGUMENTS, as
Emacs's (C there): the entry of `file-coding-system-alist' (for
`insert-file-contents' and `write-region'), `network-coding-system-alist' (for
`open-network-stream') or `process-coding-system-alist' whose pattern matches
the argument that names the file, program or service; its value, or what the
function it names returns for (OPERATION . ARGUMENTS).  Nil when none matches."
  (let ((index (and (symbolp operation) (get operation 'target-idx))))
    (unless (natnump index)
      (error "Invalid first argument"))
    (when (<= (length arguments) index)
      (error "Too few arguments for operation `%s'" operation))
    (let ((target (nth index arguments)))
      (unless (or (stringp target)
                  (and (eq operation 'insert-file-contents) (consp target)
                       (stringp (car target)) (bufferp (cdr target)))
                  (and (eq operation 'open-network-stream) (or (fixnump target) (eq target t))))
        (error "Invalid argument %d of operation `%s'" (1+ index) operation))
      (when (consp target)
        (setq target (car target)))
      (let ((entry (seq-find (lambda (elt)
                               (and (consp elt)
                                    (if (stringp target)
                                        (and (stringp (car elt))
                                             (let ((case-fold-search nil))
                                               (string-match-p (car elt) target)))
                                      (and (fixnump target) (eq target (car elt))))))
                             (pcase operation
                               ((or 'insert-file-contents 'write-region) file-coding-system-alist)
                               ('open-network-stream network-coding-system-alist)
                               (_ process-coding-system-alist)))))
        (when entry
          (let ((val (cdr entry)))
            (cond ((consp val) val)
                  ((not (symbolp val)) nil)
                  ((coding-system-p val) (cons val val))
                  ((fboundp val)
                   (setq val (funcall val (cons operation arguments)))
                   (cond ((consp val) val)
                         ((and (symbolp val) (coding-system-p val)) (cons val val)))))))))))

;; Loaded again from inside one of those files (an autoload of a function
;; they define later), it does nothing: the autoload then says the
;; function is not defined yet instead of loading everything twice.
(unless (featurep 'mule-setup)
  (provide 'mule-setup)
  (when (locate-library "international/mule-conf")
    ;; Loaded by the first command that needs it, but not called by it:
    ;; prefer-coding-system & co. must not tell what they did.
    (let ((callint--interactive-depth nil))
      (dolist (file mule-setup-files)
        (mule-setup--load file)
        (when (equal file "international/mule")
          (defalias 'make-translation-table #'mule-setup--make-translation-table)))
      ;; Emacs's start-up does this from LANG and LC_ALL.
      (when (fboundp 'set-locale-environment)
        (condition-case err
            (set-locale-environment nil)
          (error (display-warning 'mule-setup (error-message-string err) :error)))))))

;;; mule-setup.el ends here
