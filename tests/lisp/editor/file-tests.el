;;; file-tests.el --- insert-file-contents, write-region, coding systems  -*- lexical-binding: t -*-

(require 'mule-setup)

(ert-deftest file-insert-and-write ()
  (let ((f (make-temp-file "gapmacs-ft-" nil ".txt" "héllo\nworld\n")))
    (unwind-protect
        (with-temp-buffer
          (insert "X")
          (goto-char 1)
          (should (equal (insert-file-contents f) (list f 12)))
          (should (= (point) 1))
          (should (equal (buffer-string) "héllo\nworld\nX"))
          (erase-buffer)
          (insert "new text")
          (write-region nil nil f)
          (erase-buffer)
          (insert-file-contents f)
          (should (equal (buffer-string) "new text"))
          (write-region "+more" nil f t)
          (erase-buffer)
          (insert-file-contents f)
          (should (equal (buffer-string) "new text+more"))
          (erase-buffer)
          (write-region 1 1 f)
          (should (equal (insert-file-contents f) (list f 0))))
      (delete-file f))))

(ert-deftest file-binary-round-trip ()
  (let ((f (make-temp-file "gapmacs-bin-"))
        (g (make-temp-file "gapmacs-bin2-"))
        (bytes (encode-coding-string
               (apply #'string (mapcar (lambda (b) (if (< b 128) b (+ #x3fff00 b)))
                                       (number-sequence 0 255)))
               'binary)))
    (unwind-protect
        (progn
          (let ((coding-system-for-write 'binary))
            (write-region bytes nil f))
          (with-temp-buffer
            (let ((coding-system-for-read 'binary))
              (should (equal (insert-file-contents f) (list f 256))))
            (should (= (buffer-size) 256))
            (let ((coding-system-for-write 'binary))
              (write-region nil nil g)))
          (with-temp-buffer
            (let ((coding-system-for-read 'binary))
              (insert-file-contents g))
            (should (equal (encode-coding-string (buffer-string) 'binary) bytes))))
      (delete-file f)
      (delete-file g))))

(ert-deftest file-visit-and-save ()
  (let ((f (make-temp-file "gapmacs-visit-" nil ".txt" "one\n")))
    (unwind-protect
        (let ((b (find-file-noselect f)))
          (should (bufferp b))
          (should (eq (find-file-noselect f) b))
          (with-current-buffer b
            (should (equal (buffer-file-name) f))
            (should (equal (buffer-string) "one\n"))
            (should-not (buffer-modified-p))
            (goto-char (point-max))
            (insert "two\n")
            (should (buffer-modified-p))
            (save-buffer)
            (should-not (buffer-modified-p)))
          (kill-buffer b)
          (with-temp-buffer
            (insert-file-contents f)
            (should (equal (buffer-string) "one\ntwo\n"))))
      (delete-file f))))

(ert-deftest file-missing ()
  (with-temp-buffer
    (should (eq (car (should-error (insert-file-contents "/nonexistent/gapmacs/x")))
                'file-missing))))

(ert-deftest file-coding-systems ()
  (should (coding-system-p nil))
  (should (coding-system-p 'utf-8))
  (should-not (coding-system-p 'no-such-coding))
  (should (eq (check-coding-system 'utf-8) 'utf-8))
  (should-not (check-coding-system nil))
  (should (equal (should-error (check-coding-system 'foo)) '(coding-system-error foo)))
  (should (equal (decode-coding-string "\303\251" 'utf-8) "é"))
  (should (equal (encode-coding-string "é" 'latin-1) "\351"))
  (should (equal (encode-coding-string "é" 'utf-8) "\303\251"))
  (should (equal (should-error (decode-coding-string "x" 'bogus-coding)) '(coding-system-error bogus-coding)))
  (let ((f (make-temp-file "gapmacs-cs-")))
    (unwind-protect
        (with-temp-buffer
          (let ((coding-system-for-read 'bogus-coding))
            (should (eq (car (should-error (insert-file-contents f))) 'coding-system-error))))
      (delete-file f))))

(ert-deftest file-latin-1-read ()
  (let ((f (make-temp-file "gapmacs-l1-")))
    (unwind-protect
        (progn
          (let ((coding-system-for-write 'latin-1))
            (write-region "café" nil f))
          (with-temp-buffer
            (let ((coding-system-for-read 'binary)) (insert-file-contents f))
            (should (= (buffer-size) 4)))
          (with-temp-buffer
            (let ((coding-system-for-read 'latin-1)) (insert-file-contents f))
            (should (equal (buffer-string) "café"))))
      (delete-file f))))

(ert-deftest file-gzip-under-auto-compression-mode ()
  "A \".gz\" name is gzipped when written and gunzipped when read, as
Emacs's jka-compr; -literally reads its bytes; without the mode, bytes."
  (skip-unless (executable-find "gzip"))
  (let* ((dir (make-temp-file "gapmacs-gz" t))
         (file (expand-file-name "notes.txt.gz" dir))
         (text (concat "héllo\n" (make-string 100000 ?x) "\nend\n")))
    (unwind-protect
        (progn
          (with-temp-buffer
            (insert text)
            (write-region nil nil file nil 'silent))
          (with-temp-buffer
            (should (equal (call-process "gzip" nil t nil "-dc" file) 0))
            (should (equal (decode-coding-string (buffer-string) 'utf-8) text)))
          (should (< (file-attribute-size (file-attributes file)) 1000))
          (with-temp-buffer
            (insert-file-contents file)
            (should (equal (buffer-string) text)))
          (with-temp-buffer
            (set-buffer-multibyte nil)
            (insert-file-contents-literally file)
            (should (equal (buffer-substring 1 3) "\037\213")))
          ;; Appending keeps one stream of the whole text.
          (with-temp-buffer
            (insert "more\n")
            (write-region nil nil file t 'silent))
          (with-temp-buffer
            (insert-file-contents file)
            (should (equal (buffer-string) (concat text "more\n"))))
          (unwind-protect
              (progn
                (auto-compression-mode -1)
                (with-temp-buffer
                  (set-buffer-multibyte nil)
                  (insert-file-contents file)
                  (should (equal (buffer-substring 1 3) "\037\213"))))
            (auto-compression-mode 1)))
      (delete-directory dir t))))

(ert-deftest file-visiting-a-gz-file-saves-it-compressed ()
  "find-file of foo.el.gz: its text, emacs-lisp-mode (the name without
\".gz\"); save-buffer writes it gzipped."
  (skip-unless (executable-find "gzip"))
  (let* ((dir (make-temp-file "gapmacs-gz" t))
         (file (expand-file-name "lib.el.gz" dir)))
    (unwind-protect
        (progn
          (with-temp-buffer
            (insert "(defun lib-f () 1)\n")
            (write-region nil nil file nil 'silent))
          (with-current-buffer (find-file-noselect file)
            (unwind-protect
                (progn
                  (should (equal (buffer-string) "(defun lib-f () 1)\n"))
                  (should (derived-mode-p 'emacs-lisp-mode))
                  (goto-char (point-max))
                  (insert ";; more\n")
                  (save-buffer))
              (kill-buffer)))
          (with-temp-buffer
            (should (equal (call-process "gzip" nil t nil "-dc" file) 0))
            (should (equal (buffer-string) "(defun lib-f () 1)\n;; more\n"))))
      (delete-directory dir t))))
