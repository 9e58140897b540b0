;;; char-names-tests.el --- char-from-name, get-char-code-property, ucs-names  -*- lexical-binding: t -*-

;; Expected values are GNU Emacs 28's; the file also runs there.
;; Needs the editor: regexps (runs in batch mode, not on the language alone).

(ert-deftest char-names-from-name ()
  (should (eq (char-from-name "LATIN SMALL LETTER E WITH ACUTE") ?é))
  ;; Names are upper case: lower case needs IGNORE-CASE.
  (should (null (char-from-name "latin small letter e with acute")))
  (should (eq (char-from-name "latin small letter e with acute" t) ?é))
  (should (eq (char-from-name "GREEK SMALL LETTER LAMDA") #x3bb))
  (should (eq (char-from-name "EURO SIGN") #x20ac))
  (should (eq (char-from-name "HANGUL SYLLABLE GA") #xac00))
  (should (null (char-from-name "NO SUCH CHARACTER NAME")))
  (should (null (char-from-name "U+00E9")))
  (should (null (char-from-name "")))
  (should-error (char-from-name 'euro-sign) :type 'wrong-type-argument))

(ert-deftest char-names-code-properties ()
  (should (equal (get-char-code-property ?é 'name) "LATIN SMALL LETTER E WITH ACUTE"))
  (should (equal (get-char-code-property ?€ 'name) "EURO SIGN"))
  (should (eq (get-char-code-property ?é 'general-category) 'Ll))
  (should (eq (get-char-code-property ?A 'general-category) 'Lu))
  (should (eq (get-char-code-property ?7 'general-category) 'Nd))
  (should (eq (get-char-code-property ?\s 'general-category) 'Zs))
  (should (eq (get-char-code-property ?7 'decimal-digit-value) 7))
  (should (null (get-char-code-property ?x 'decimal-digit-value)))
  (should-error (get-char-code-property "e" 'name) :type 'wrong-type-argument))

(ert-deftest char-names-ucs-names-table ()
  (let ((names (ucs-names)))
    (should (hash-table-p names))
    (should (eq (ucs-names) names))     ; built once
    (should (> (hash-table-count names) 30000))
    (should (eq (gethash "LATIN SMALL LETTER A" names) ?a))
    (should (eq (gethash "GREEK SMALL LETTER ALPHA" names) #x3b1))
    ;; Ideographs named by their code are left out, as in Emacs.
    (should (null (gethash "CJK UNIFIED IDEOGRAPH-4E00" names)))))

(ert-deftest char-names-read-char-by-name ()
  ;; The minibuffer's answer is read as a name (any case) or as hex.
  (dolist (case '(("latin small letter e with acute" . ?é)
                  ("GREEK SMALL LETTER ALPHA" . #x3b1)
                  ("3bb" . #x3bb)
                  ("#x20ac" . #x20ac)))
    (cl-letf (((symbol-function 'completing-read) (lambda (&rest _) (car case))))
      (should (eq (read-char-by-name "Char: ") (cdr case)))))
  (cl-letf (((symbol-function 'completing-read) (lambda (&rest _) "bogus name")))
    (should-error (read-char-by-name "Char: "))))
