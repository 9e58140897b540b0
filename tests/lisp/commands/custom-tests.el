;;; custom-tests.el --- defgroup, defcustom and Emacs's custom.el themes  -*- lexical-binding: t -*-

;; Expected values are GNU Emacs 28's; the file also runs there.  In
;; gapmacs the prelude defines defgroup and defcustom; Emacs's custom.el
;; loads on first use of what only it defines (deftheme...).

(defconst custom-tests--file load-file-name)
(defgroup custom-tests nil "A group." :group 'emacs :prefix "custom-tests-")
(defcustom custom-tests-x 3 "X." :type 'integer)
(defcustom custom-tests-delayed (+ 1 2) "Delayed." :type 'integer
  :initialize #'custom-initialize-delay)

(ert-deftest custom-tests-group-recorded ()
  ;; The group of the file being loaded, where packages look it up
  ;; (company: `(setcdr (assoc load-file-name custom-current-group-alist) ...)').
  (should (eq (cdr (assoc custom-tests--file custom-current-group-alist)) 'custom-tests))
  (should (member '(custom-tests-x custom-variable) (get 'custom-tests 'custom-group)))
  (should (member '(custom-tests custom-group) (get 'emacs 'custom-group)))
  (should (equal (get 'custom-tests 'custom-prefix) "custom-tests-"))
  (should (equal custom-tests-x 3))
  ;; Start-up is over: a delayed variable is set at once.
  (should (equal custom-tests-delayed 3)))

(deftheme custom-tests-theme "A theme.")
(custom-theme-set-variables 'custom-tests-theme '(custom-tests-x 7))
(custom-theme-set-faces 'custom-tests-theme '(custom-tests-face ((t :weight bold))))
(provide-theme 'custom-tests-theme)

(ert-deftest custom-tests-themes ()
  (should (custom-theme-p 'custom-tests-theme))
  (should (equal custom-tests-x 3))
  (enable-theme 'custom-tests-theme)
  (should (memq 'custom-tests-theme custom-enabled-themes))
  (should (equal custom-tests-x 7))
  (should (equal (get 'custom-tests-x 'theme-value) '((custom-tests-theme 7))))
  (custom-set-variables '(custom-tests-x 9))
  (should (equal custom-tests-x 9))
  (disable-theme 'custom-tests-theme)
  (should-not (memq 'custom-tests-theme custom-enabled-themes))
  (should (equal custom-tests-x 9)))

(ert-deftest custom-tests-face-attribute-nil ()
  ;; nil is unspecified for the colour and name attributes (xfaces.c's
  ;; compatibility with Emacs 20: term.el's faces say :foreground nil).
  (defface custom-tests-face2 '((t :foreground nil :background nil :inherit default)) "Face.")
  (should (equal (face-attribute 'custom-tests-face2 :foreground) 'unspecified))
  (set-face-attribute 'custom-tests-face2 nil :family nil :stipple nil)
  (should (equal (face-attribute 'custom-tests-face2 :family) 'unspecified))
  (should (equal (face-attribute 'custom-tests-face2 :inherit) 'default))
  (should (equal (condition-case e (set-face-attribute 'custom-tests-face2 nil :weight nil) (error e))
                 '(error "Invalid face weight")))
  (should (equal (condition-case e (set-face-attribute 'custom-tests-face2 nil :weight 'heavyish) (error e))
                 '(error "Invalid face weight" heavyish))))

;;; custom-tests.el ends here
