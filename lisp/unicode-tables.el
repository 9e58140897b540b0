;;; unicode-tables.el --- char-tables Emacs keeps in C variables  -*- lexical-binding: t -*-

;; Made from ICU's data (lisp-lite/lang/unicode_properties.cpp) when a
;; library first names one (the preloaded index loads this file then):
;; building a table walks every character, which start-up should not pay.

(defvar unicode-category-table (unicode-property-table-internal 'general-category)
  "The char-table of each character's Unicode general category (Lu, Mn...).")

(provide 'unicode-tables)

;;; unicode-tables.el ends here
