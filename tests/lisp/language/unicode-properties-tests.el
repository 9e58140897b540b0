;;; unicode-properties-tests.el --- get-char-code-property and the property tables  -*- lexical-binding: t -*-


;; Expected values printed by GNU Emacs 28.2: for each character, its
;; general-category, canonical-combining-class, bidi-class, decomposition,
;; decimal-digit-value, digit-value, numeric-value, mirrored, mirroring,
;; paired-bracket, bracket-type, lowercase, uppercase, titlecase and name.
;; gapmacs computes them from ICU (lisp-lite/lang/unicode_properties.cpp).

(defconst unicode-properties-tests--props
  '(general-category canonical-combining-class bidi-class decomposition decimal-digit-value
    digit-value numeric-value mirrored mirroring paired-bracket bracket-type lowercase uppercase
    titlecase name))

(defconst unicode-properties-tests--expected
  '(
    (97 Ll 0 L (97) nil nil nil N nil nil n nil 65 65 "LATIN SMALL LETTER A")
    (65 Lu 0 L (65) nil nil nil N nil nil n 97 nil nil "LATIN CAPITAL LETTER A")
    (49 Nd 0 EN (49) 1 1 1 N nil nil n nil nil nil "DIGIT ONE")
    (40 Ps 0 ON (40) nil nil nil Y 41 41 o nil nil nil "LEFT PARENTHESIS")
    (41 Pe 0 ON (41) nil nil nil Y 40 40 c nil nil nil "RIGHT PARENTHESIS")
    (233 Ll 0 L (101 769) nil nil nil N nil nil n nil 201 201 "LATIN SMALL LETTER E WITH ACUTE")
    (64257 Ll 0 L (compat 102 105) nil nil nil N nil nil n nil nil nil "LATIN SMALL LIGATURE FI")
    (189 No 0 ON (fraction 49 8260 50) nil nil 0.5 N nil nil n nil nil nil "VULGAR FRACTION ONE HALF")
    (1635 Nd 0 AN (1635) 3 3 3 N nil nil n nil nil nil "ARABIC-INDIC DIGIT THREE")
    (1488 Lo 0 R (1488) nil nil nil N nil nil n nil nil nil "HEBREW LETTER ALEF")
    (32 Zs 0 WS (32) nil nil nil N nil nil n nil nil nil "SPACE")
    (768 Mn 230 NSM (768) nil nil nil N nil nil n nil nil nil "COMBINING GRAVE ACCENT")
    (8551 Nl 0 L (compat 86 73 73 73) nil nil 8 N nil nil n 8567 nil nil "ROMAN NUMERAL EIGHT")
    (65313 Lu 0 L (wide 65) nil nil nil N nil nil n 65345 nil nil "FULLWIDTH LATIN CAPITAL LETTER A")
    (119808 Lu 0 L (font 65) nil nil nil N nil nil n nil nil nil "MATHEMATICAL BOLD CAPITAL A")
    (44032 Lo 0 L (44032) nil nil nil N nil nil n nil nil nil "HANGUL SYLLABLE GA")
    (171 Pi 0 ON (171) nil nil nil Y 187 nil n nil nil nil "LEFT-POINTING DOUBLE ANGLE QUOTATION MARK")
    ))

(ert-deftest unicode-properties-of-characters ()
  (dolist (row unicode-properties-tests--expected)
    (should (equal (cons (car row)
                         (mapcar (lambda (p) (get-char-code-property (car row) p))
                                 unicode-properties-tests--props))
                   row)))
  (should-not (get-char-code-property ?a 'no-such-property)))

(ert-deftest unicode-property-tables ()
  (let ((brackets (unicode-property-table-internal 'paired-bracket)) (n 0))
    (map-char-table (lambda (_k _v) (setq n (1+ n))) brackets)
    ;; Emacs 28.2: 128 characters are paired brackets.
    (should (equal (list n (char-table-subtype brackets) (char-table-extra-slot brackets 0)
                         (get-unicode-property-internal brackets ?\() (aref brackets ?\())
                   '(128 char-code-property-table paired-bracket 41 41)))
    (should (eq (unicode-property-table-internal 'paired-bracket) brackets)))
  (let ((gc (unicode-property-table-internal 'general-category)))
    (should (eq (get-unicode-property-internal gc ?a) 'Ll))
    (should (eq (get-unicode-property-internal gc #x4E00) 'Lo)))
  (let ((decomposition (unicode-property-table-internal 'decomposition)))
    ;; A character that does not decompose: nil in the table, (?a) from
    ;; get-char-code-property.
    (should-not (get-unicode-property-internal decomposition ?a))
    (should (equal (get-unicode-property-internal decomposition ?é) '(?e #x301)))
    ;; Equal decompositions are each character's own (map-char-table
    ;; gives characters, not ranges: char-fold walks it so).
    (map-char-table (lambda (k v) (when (consp v) (should (characterp k)))) decomposition))
  (should-not (unicode-property-table-internal 'no-such-property)))

;;; unicode-properties-tests.el ends here
