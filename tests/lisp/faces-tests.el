;;; faces-tests.el --- frames, and Emacs's faces.el on face-core.el  -*- lexical-binding: t -*-

;; The frame and terminal Lisp asks about (editor/frames.cpp), and the face
;; primitives of xfaces.c (lisp/face-core.el) under Emacs's own faces.el,
;; frame.el and term/tty-colors.el.  Each expected value was printed by
;; `emacs -Q --batch' (GNU Emacs 28.2) evaluating the same form.

;; gc-stress the tests only: Emacs's faces.el, frame.el, font-lock.el and
;; tty-colors.el are read first.
(defconst faces-tests--library (locate-library "faces"))
(when faces-tests--library
  (face-attribute 'font-lock-keyword-face :weight)
  (color-values "red"))

(defmacro faces-tests--with-library (&rest body)
  `(if (not faces-tests--library)
       (ert-skip "GNU Emacs's Lisp library (emacs-el) is not installed")
     ,@body))

(ert-deftest faces-batch-frame ()
  (let ((frame (selected-frame)))
    (should (framep frame))
    (should (frame-live-p frame))
    (should (eq (type-of frame) 'frame))
    (should (equal (frame-list) (list frame)))
    (should (eq (window-frame) frame))
    (should-not (framep 1))
    (should (equal (frame-parameter nil 'name) "F1"))
    (should (equal (frame-parameter frame 'background-mode) 'dark))
    (should (equal (frame-parameter frame 'display-type) 'mono))
    (should (equal (frame-parameter nil 'foreground-color) "unspecified-fg"))
    (should (equal (frame-char-width) 1))
    (should-not (window-system))
    (should (string-prefix-p "#<frame F1" (prin1-to-string frame)))
    (modify-frame-parameters nil '((faces-tests-param . 42)))
    (should (equal (frame-parameter nil 'faces-tests-param) 42))
    (should (equal (cdr (assq 'faces-tests-param (frame-parameters))) 42))
    (should (equal (condition-case e (frame-parameter 'no-frame 'name) (error e))
                   '(wrong-type-argument framep no-frame)))
    (should (equal (condition-case e (frame-visible-p 'no-frame) (error e))
                   '(wrong-type-argument frame-live-p no-frame)))))

(ert-deftest faces-batch-terminal ()
  (should (eq (type-of (frame-terminal)) 'terminal))
  (should (equal (terminal-name) "initial_terminal"))
  (should (terminal-live-p nil))
  (should (equal (prin1-to-string (frame-terminal)) "#<terminal 0 on initial_terminal>"))
  (should-not (tty-type))
  (should-not (tty-display-color-p))
  (should (equal (tty-display-color-cells) 0)))

(ert-deftest faces-attributes ()
  (faces-tests--with-library
   (should (equal (face-attribute 'default :foreground) "unspecified-fg"))
   (should (equal (face-attribute 'default :background) "unspecified-bg"))
   (should (eq (face-attribute 'font-lock-keyword-face :weight) 'bold))
   (should (eq (face-attribute 'font-lock-keyword-face :foreground) 'unspecified))
   (should (eq (face-attribute 'region :inverse-video) t))
   (should (eq (face-attribute 'mode-line :inverse-video) t))
   (should (eq (face-attribute 'link :underline) 'unspecified))
   (should (eq (face-attribute 'link :inherit) 'underline))
   (should (eq (face-attribute 'button :inherit) 'link))
   (should (eq (face-attribute 'button :underline nil t) t))
   (should (face-bold-p 'bold))
   (should (equal (face-italic-p 'italic) '(italic oblique)))
   (should (equal (face-id 'default) 0))
   (should (equal (face-id 'bold) 1))
   (should (vectorp (facep 'bold)))
   (should (vectorp (facep "bold")))
   (should-not (facep 'faces-tests-no-such-face))
   (should (memq 'bold (face-list)))))

(defface faces-tests-face
  '((((class color) (background dark)) :foreground "red")
    (t :weight bold :underline t))
  "A face of the tests."
  :group 'basic-faces)

(ert-deftest faces-defface-and-set ()
  (faces-tests--with-library
   ;; Batch's frame is mono: the second clause applies.
   (should (eq (face-attribute 'faces-tests-face :weight) 'bold))
   (should (eq (face-attribute 'faces-tests-face :foreground) 'unspecified))
   (should (equal (face-documentation 'faces-tests-face) "A face of the tests."))
   (set-face-attribute 'faces-tests-face nil :foreground "blue" :slant 'italic)
   (should (equal (face-attribute 'faces-tests-face :foreground) "blue"))
   (should (eq (face-attribute 'faces-tests-face :slant) 'italic))
   (make-face 'faces-tests-made)
   (should (eq (face-attribute 'faces-tests-made :weight) 'unspecified))
   (set-face-foreground 'faces-tests-made "green")
   (should (equal (face-foreground 'faces-tests-made) "green"))
   (copy-face 'bold 'faces-tests-copy)
   (should (eq (face-attribute 'faces-tests-copy :weight) 'bold))
   (should (equal (condition-case e (set-face-attribute 'faces-tests-face nil :height -1) (error e))
                  '(error "Face height does not produce a positive integer" -1)))
   (should (equal (condition-case e (face-attribute 'faces-tests-face :nosuch) (error e))
                  '(error "Invalid face attribute name" :nosuch)))
   (should (equal (condition-case e (face-attribute 'faces-tests-not-a-face :weight) (error e))
                  '(error "Invalid face" faces-tests-not-a-face)))
   ;; Batch's terminal shows no attribute distinctly.
   (should-not (face-differs-from-default-p 'bold))
   (should-not (face-differs-from-default-p 'default))))

(ert-deftest faces-colors ()
  (faces-tests--with-library
   (should-not (display-color-p))
   (should-not (display-graphic-p))
   (should (equal (display-color-cells) 0))
   (should (color-defined-p "red"))
   (should-not (color-defined-p "faces-tests-nonsense"))
   (should (equal (color-values "red") '(65535 0 0)))
   (should (equal (color-values "#102030") '(0 0 65535)))
   (should (equal (tty-color-translate "red") 1))
   (should (equal (color-distance "red" "blue") 327669))
   (should (color-gray-p "gray50"))
   (should-not (color-gray-p "red"))
   (should (equal (color-values-from-color-spec "#102030") '(4112 8224 12336)))
   (should (equal (color-values-from-color-spec "rgb:f/80/fff") '(65535 32896 65535)))
   (should (equal (color-values-from-color-spec "rgbi:1/0.5/0") '(65535 32768 0)))
   (should-not (color-values-from-color-spec "#12345"))
   (should (equal (merge-face-attribute :height 1.5 100) 150))
   (should (face-attribute-relative-p :height 1.2))
   (should (equal (internal-lisp-face-attribute-values :underline) '(t nil)))))
