;;; string-version-tests.el --- string-version-lessp, always, file-name-with-extension  -*- lexical-binding: t -*-


;; Each expected value is what GNU Emacs 28 gives (this file passes in both).
;; The last test compares all pairs of 45 tricky names (2,025 answers).
;; Needs the editor: invocation-directory (runs in batch mode, not on the language alone).

(ert-deftest string-version-1 ()
  (should (equal (string-version-lessp "foo2.png" "foo12.png")
                 't)))

(ert-deftest string-version-2 ()
  (should (equal (string-version-lessp "foo12.png" "foo2.png")
                 'nil)))

(ert-deftest string-version-3 ()
  (should (equal (string-version-lessp "abc" "abd")
                 't)))

(ert-deftest string-version-4 ()
  (should (equal (string-version-lessp "a10b2" "a10b10")
                 't)))

(ert-deftest string-version-5 ()
  (should (equal (string-version-lessp "1.10" "1.9")
                 'nil)))

(ert-deftest string-version-6 ()
  (should (equal (string-version-lessp "" "a")
                 't)))

(ert-deftest string-version-7 ()
  (should (equal (string-version-lessp 'a10 "a9")
                 'nil)))

(ert-deftest string-version-8 ()
  (should (equal (string-version-lessp "a01" "a1")
                 't)))

(ert-deftest string-version-9 ()
  (should (equal (string-version-lessp "a1" "a01")
                 'nil)))

(ert-deftest string-version-10 ()
  (should (equal (always 1 2)
                 't)))

(ert-deftest string-version-11 ()
  (should (equal (always)
                 't)))

(ert-deftest string-version-12 ()
  (should (equal (file-name-with-extension "foo.txt" "el")
                 '"foo.el")))

(ert-deftest string-version-13 ()
  (should (equal (file-name-with-extension "foo" ".el")
                 '"foo.el")))

(ert-deftest string-version-14 ()
  (should (equal (file-name-with-extension "dir/foo.tar.gz" "zip")
                 '"dir/foo.tar.zip")))

(ert-deftest string-version-15 ()
  (should (equal (should-error (file-name-with-extension "foo" ""))
                 '(error "Malformed extension: "))))

(ert-deftest string-version-16 ()
  (should (equal (should-error (file-name-with-extension "foo/" "el"))
                 '(error "Filename is a directory: foo/"))))

(ert-deftest string-version-17 ()
  (should (equal (sort (list "img12" "img10" "img2" "img1") #'string-version-lessp)
                 '("img1" "img2" "img10" "img12"))))

(ert-deftest string-version-18 ()
  (should (equal (let ((strs '("" "." ".." ".a" ".b" "a" "b" "a1" "a01" "a001" "a2" "a10" "a1b" "a1.txt" "a1.tar.gz" "a2.tar.gz" "a10.tar.gz" "a~" "a~1" "a-1" "a_1" "A1" "1" "01" "10" "9" "1.2.3" "1.10.1" "1.2.10" "foo-1.0~rc1" "foo-1.0" "foo-1.0a" "é1" "é10" "x.y" "x.y1" "file.c" "file.h" "file2.c" "v1.0.0" "v1.0.0-beta" "z" "Z" "abc~" "abc" "a.1")) (out nil)) (dolist (a strs) (dolist (b strs) (push (if (string-version-lessp a b) "1" "0") out))) (equal (apply #'concat (nreverse out)) "0111111111111111111111111111111111111111111111001111111111111111111111111111111111111111111100011111111111111111111111111111111111111111110000111111111111111111111111111111111111111111000001111111111111111111111111111111111111111100000011111111111001100000000111111111111101110000000000000000000000000000011111111111110000000000100011111110011000000001111111111111011100000011001111111001100000000111111111111101110000001110111111100110000000011111111111110111000000100001000110011000000001111111111111011100000010000000001001100000000111111111111101110000001000110001100110000000011111111111110111000000100011100110011000000001111111111111011100000010001111011001100000000111111111111101110000001000010000100110000000011111111111110111000000100000000000011000000001111111111111011100000111111111111011100000000111111111111101110000011111111111100110000000011111111111110111000000100000000000001000000001111111111111000100000010000000000000000000000111111111111100000000011111111111111110000000011111111111111111000001111111111111111100111111111111111111111100000111111111111111111011111111111111111111110000011111111111111111000000011111111111111111000001111111111111111100100001111111111111111100000111111111111111110011011111111111111111110000011111111111111111001100011111111111111111000001111111111111111100110101111111111111111100000000000000000000000000000011111100011100000000000000000000000000000000000111110001110000000000000000000000000000000000001111000111000000000000000000000000000000000000010000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001101000001000000000000000000000000000000000000110000000100000000000000000000000000000000011111110111110000000000000000000000000000000001111111001111000000000000000000000000000000000111111100011100000000000000000000000000000000000011110000110000000000000000000000000000000000001111000001000000000000000000000000000000000000110000000000000000011111111111111110000000011111111111110111000000100000000000011000000001111111111111001100000010000000000001100000000111111111111100010000001000000000000010000000011111111111110000"))
                 't)))

