;;; face-core.el --- faces as Emacs's xfaces.c keeps them  -*- lexical-binding: t -*-

;; Emacs's faces.el (defface, face-attribute, set-face-attribute,
;; face-spec-set, face-list...) stands on the face primitives of xfaces.c.
;; They are here, on the same data: a face's attributes are a vector
;; [face FAMILY FOUNDRY WIDTH HEIGHT WEIGHT SLANT UNDERLINE INVERSE-VIDEO
;; FOREGROUND BACKGROUND STIPPLE OVERLINE STRIKE-THROUGH BOX FONT INHERIT
;; FONTSET DISTANT-FOREGROUND EXTEND], `unspecified' where unset; the
;; defaults for new frames are `face--new-frame-defaults' (FACE -> (ID .
;; VECTOR)), a frame's own faces its `frame--face-hash-table'.
;;
;; Loaded on first use (the preloaded index), with Emacs's faces.el.  A
;; `defface' evaluated before that only records its spec (the prelude's
;; `custom-declare-face'); loading faces.el makes those faces too.

(defconst face-core--attributes
  [nil :family :foundry :width :height :weight :slant :underline :inverse-video
       :foreground :background :stipple :overline :strike-through :box :font
       :inherit :fontset :distant-foreground :extend]
  "The attribute names, by their index in a face's vector.")

(defvar face--new-frame-defaults (make-hash-table :test 'eq :size 150)
  "The faces new frames start with: FACE -> (ID . ATTRIBUTE-VECTOR).")

(defvar face-core--next-id 0)
(defvar face-core--generation 0
  "Counts the changes of faces and colours: redisplay keeps what it made
of a face name until this changes (xfaces.c's face_change).")

(defun face-core--changed ()
  (setq face-core--generation (1+ face-core--generation)))
(defvar face-core--font-selection-order '(:width :height :weight :slant))
(defvar face-core--font-family-alternatives nil)
(defvar face-core--font-registry-alternatives nil)

(defun face-core--index (attribute)
  "ATTRIBUTE's index in a face vector; an unknown name is an error."
  (let ((i 1) (found nil))
    (while (and (not found) (< i (length face-core--attributes)))
      (if (eq (aref face-core--attributes i) attribute) (setq found i) (setq i (1+ i))))
    (or found (signal 'error (list "Invalid face attribute name" attribute)))))

(defun face-core--new-vector ()
  (let ((v (make-vector (length face-core--attributes) 'unspecified)))
    (aset v 0 'face)
    v))

(defun face-core--resolve (face)
  "FACE (a symbol, or a string naming one) after its `face-alias' chain
\(a loop is an error)."
  (when (stringp face) (setq face (intern face)))
  (let ((seen nil))
    (while (and (symbolp face) (get face 'face-alias))
      (when (memq face seen) (signal 'error (list "Face alias loop" face)))
      (push face seen)
      (setq face (get face 'face-alias)))
    face))

(defun face-core--table (frame)
  "The face table of FRAME: t is the defaults for new frames."
  (if (eq frame t) face--new-frame-defaults (frame--face-hash-table frame)))

(defun face-core--lookup (face frame &optional no-load)
  "FACE's attribute vector on FRAME (t: the new-frame defaults), or nil.
A face Emacs has preloaded (font-lock's, button's...) is defined by loading
its file on first use, as a preloaded function is, unless NO-LOAD (making
a face)."
  (let* ((face (face-core--resolve face))
         (table (face-core--table frame))
         (entry (or (gethash face table)
                    (and (not no-load) (symbolp face) (internal--load-preloaded-face face)
                         (gethash face table)))))
    (if (eq frame t) (cdr entry) entry)))

(defun face-core--check-frame (frame)
  (if (or (null frame) (eq frame t)) frame
    (if (framep frame) frame (signal 'wrong-type-argument (list 'frame-live-p frame)))))

(defun internal-lisp-face-p (face &optional frame)
  "FACE's attribute vector when it is a face on FRAME (nil: any frame's defaults)."
  (face-core--check-frame frame)
  (face-core--lookup face (or frame t)))

(defun internal-make-lisp-face (face &optional frame)
  "Make FACE, with every attribute unspecified, for new frames and on FRAME;
an existing face is reset."
  (unless (symbolp face) (signal 'wrong-type-argument (list 'symbolp face)))
  (face-core--check-frame frame)
  (let ((global (face-core--lookup face t t)))
    (cond ((null global)
           (setq global (face-core--new-vector))
           (puthash face (cons face-core--next-id global) face--new-frame-defaults)
           (put face 'face face-core--next-id)
           (setq face-core--next-id (1+ face-core--next-id)))
          ((null frame) (fillarray global 'unspecified) (aset global 0 'face)))
    (face-core--changed)
    (if (null frame)
        global
      (let ((local (face-core--lookup face frame t)))
        (if local
            (progn (fillarray local 'unspecified) (aset local 0 'face))
          (setq local (face-core--new-vector))
          (puthash face local (face-core--table frame)))
        local))))

(defun internal-copy-lisp-face (from to frame new-frame)
  "Copy face FROM to TO: for new frames when FRAME is t, else from FRAME to NEW-FRAME."
  (let* ((source-frame (if (eq frame t) t (or frame (selected-frame))))
         (target-frame (if (eq frame t) t (or new-frame source-frame)))
         (source (or (face-core--lookup from source-frame) (signal 'error (list "Invalid face" from))))
         (target (or (face-core--lookup to target-frame)
                     (internal-make-lisp-face to (if (eq target-frame t) nil target-frame)))))
    (dotimes (i (1- (length source)))
      (aset target (1+ i) (aref source (1+ i))))
    (face-core--changed)
    to))

(defun face-core--special-value-p (value)
  (memq value '(unspecified :ignore-defface reset)))

(defun face-core--check (attribute value)
  "Signal Emacs's error when VALUE is not one ATTRIBUTE takes."
  (unless (face-core--special-value-p value)
    (let ((bad
           (cond
            ((memq attribute '(:family :foundry))
             (unless (and (stringp value) (> (length value) 0)) "Invalid face family"))
            ((eq attribute :height)
             (unless (or (and (integerp value) (> value 0)) (floatp value) (functionp value))
               "Face height does not produce a positive integer"))
            ((eq attribute :weight)
             (unless (memq value '(thin ultra-light ultralight extra-light extralight light
                                   semi-light semilight demilight normal regular medium book
                                   semi-bold semibold demibold bold extra-bold extrabold
                                   ultra-bold ultrabold heavy black ultra-heavy))
               "Invalid face weight"))
            ((eq attribute :slant)
             (unless (memq value '(italic oblique normal reverse-italic reverse-oblique roman))
               "Invalid face slant"))
            ((eq attribute :width)
             (unless (memq value '(ultra-condensed extra-condensed condensed semi-condensed normal
                                   semi-expanded expanded extra-expanded ultra-expanded))
               "Invalid face width"))
            ((memq attribute '(:foreground :background :distant-foreground))
             (unless (and (stringp value) (> (length value) 0)) "Empty X color name"))
            ((memq attribute '(:overline :strike-through))
             (unless (or (memq value '(t nil)) (and (stringp value) (> (length value) 0)))
               "Invalid face overline"))
            ((eq attribute :underline)
             (unless (or (memq value '(t nil)) (stringp value) (listp value)) "Invalid face underline"))
            ((memq attribute '(:inverse-video :extend))
             (unless (memq value '(t nil)) "Invalid inverse-video face attribute value"))
            ((eq attribute :box)
             (unless (or (memq value '(t nil)) (integerp value) (stringp value) (listp value))
               "Invalid face box"))
            ((eq attribute :inherit)
             (unless (or (symbolp value)
                         (and (consp value) (let ((ok t)) (dolist (f value ok) (unless (symbolp f) (setq ok nil))))))
               "Invalid face inheritance")))))
      ;; As xfaces.c's signal_error: a list VALUE is the rest of the data.
      (when bad (signal 'error (cons bad (if (proper-list-p value) value (list value))))))))

(defun internal-set-lisp-face-attribute (face attribute value &optional frame)
  "Set ATTRIBUTE of FACE to VALUE on FRAME: nil the selected frame, t the
defaults for new frames, 0 every frame and the defaults."
  (unless (symbolp face) (signal 'wrong-type-argument (list 'symbolp face)))
  ;; The old :bold and :italic set the weight and the slant, as xfaces.c does.
  (cond ((eq attribute :bold) (setq attribute :weight value (if value 'bold 'normal)))
        ((eq attribute :italic) (setq attribute :slant value (if value 'italic 'normal))))
  ;; As xfaces.c (compatibility with Emacs 20): nil is unspecified here.
  (and (null value) (memq attribute '(:family :foundry :foreground :background
                                      :distant-foreground :stipple :font))
       (setq value 'unspecified))
  (let ((i (face-core--index attribute)))
    (face-core--check attribute value)
    (dolist (f (cond ((eq frame 0) (cons t (frame-list)))
                     ((eq frame t) '(t))
                     (t (list (or (face-core--check-frame frame) (selected-frame))))))
      (aset (or (face-core--lookup face f) (internal-make-lisp-face face (if (eq f t) nil f))) i value))
    (face-core--changed)
    face))

(defun internal-get-lisp-face-attribute (face attribute &optional frame)
  "ATTRIBUTE of FACE on FRAME (nil: the selected frame, t: new frames' default)."
  (face-core--check-frame frame)
  (let ((v (or (face-core--lookup face (or frame (selected-frame)))
               (signal 'error (list "Invalid face" face)))))
    (aref v (face-core--index attribute))))

(defun internal-lisp-face-attribute-values (attribute)
  "The symbolic values ATTRIBUTE takes (only the boolean ones have a list)."
  (if (memq attribute '(:underline :overline :strike-through :inverse-video :extend)) (list t nil)))

(defun internal-lisp-face-equal-p (face1 face2 &optional frame)
  "Whether FACE1 and FACE2 have the same attributes on FRAME."
  (let ((frame (if (eq frame t) t (or frame (selected-frame)))))
    (equal (or (face-core--lookup face1 frame) (signal 'error (list "Invalid face" face1)))
           (or (face-core--lookup face2 frame) (signal 'error (list "Invalid face" face2))))))

(defun internal-lisp-face-empty-p (face &optional frame)
  "Whether every attribute of FACE on FRAME is unspecified."
  (let* ((frame (if (eq frame t) t (or frame (selected-frame))))
         (v (or (face-core--lookup face frame) (signal 'error (list "Invalid face" face))))
         (empty t))
    (dotimes (i (1- (length v)) empty)
      (unless (eq (aref v (1+ i)) 'unspecified) (setq empty nil)))))

(defun internal-merge-in-global-face (face frame)
  "Make every attribute FACE specifies for new frames override FRAME's."
  (let ((global (or (face-core--lookup face t) (signal 'error (list "Invalid face" face))))
        (local (or (face-core--lookup face frame) (internal-make-lisp-face face frame))))
    (dotimes (i (1- (length global)))
      (let ((value (aref global (1+ i))))
        (unless (eq value 'unspecified)
          (aset local (1+ i) (if (eq value :ignore-defface) 'unspecified value)))))))

(defun face-attribute-relative-p (attribute value)
  "Whether VALUE of ATTRIBUTE is relative, to be merged with another face's."
  (or (face-core--special-value-p value)
      (and (eq attribute :height) (not (integerp value)))))

(defun merge-face-attribute (attribute value1 value2)
  "VALUE1 of ATTRIBUTE merged with VALUE2 under it."
  (cond ((memq value1 '(unspecified :ignore-defface)) value2)
        ((and (eq attribute :height) (not (integerp value1)))
         (cond ((functionp value1) (funcall value1 value2))
               ((integerp value2) (round (* value1 value2)))
               ((floatp value2) (* value1 value2))
               (t value1)))
        (t value1)))

(defun internal-set-font-selection-order (order)
  "Set the order font attributes count in choosing a font (a window system's)."
  (unless (and (= (length order) 4)
               (let ((ok t))
                 (dolist (a '(:width :height :weight :slant) ok)
                   (unless (memq a order) (setq ok nil)))))
    (signal 'error (list "Invalid font sort order" order)))
  (setq face-core--font-selection-order order)
  nil)

(defun internal-set-alternative-font-family-alist (alist)
  (setq face-core--font-family-alternatives alist))

(defun internal-set-alternative-font-registry-alist (alist)
  (setq face-core--font-registry-alternatives alist))

;; X resources: a terminal has none.
(defun internal-face-x-get-resource (_resource _class &optional _frame) nil)
(defun internal-set-lisp-face-attribute-from-resource (_face _attribute _value &optional _frame) nil)
(defun x-list-fonts (_pattern &optional _face _frame _maximum _width) nil)
(defun x-family-fonts (&optional _family _frame) nil)
(defun tty-suppress-bold-inverse-default-colors (_suppress) nil)
;; What redisplay made of the faces goes: the colours they name may mean
;; others now (tty-register-default-colors calls it).
(defun clear-face-cache (&optional _unload-p)
  (face-core--changed)
  nil)

(defun internal--tty-face-attributes (face)
  "FACE's attributes as the terminal shows them, :inherit followed, for
redisplay: (FOREGROUND BACKGROUND WEIGHT SLANT UNDERLINE INVERSE-VIDEO),
a colour as the index of the terminal's colour `tty-color-desc' gives
for it (as xfaces.c's tty_lookup_color), `unspecified' where FACE says
nothing; nil when FACE is no face."
  (when (facep face)
    (let ((colour (lambda (attribute)
                    (let ((name (face-attribute face attribute nil t)))
                      (or (and (stringp name)
                               (not (string-prefix-p "unspecified-" name))
                               (nth 1 (tty-color-desc name)))
                          'unspecified)))))
      (list (funcall colour :foreground) (funcall colour :background)
            (face-attribute face :weight nil t) (face-attribute face :slant nil t)
            (face-attribute face :underline nil t) (face-attribute face :inverse-video nil t)))))

(defun display-supports-face-attributes-p (attributes &optional display)
  "Whether DISPLAY's terminal can show ATTRIBUTES distinctly from the default.
Batch's initial terminal shows none."
  (ignore attributes)
  (and (tty-type (and (framep display) display)) t))

(defun color-values-from-color-spec (spec)
  "The (RED GREEN BLUE) of SPEC, each 0..65535: #RGB to #RRRRGGGGBBBB,
rgb:R/G/B (1 to 4 hex digits each) or rgbi:R/G/B (0.0 to 1.0); else nil."
  (let ((case-fold-search t)
        (scale (lambda (hex) (/ (* (string-to-number hex 16) 65535) (1- (expt 16 (length hex)))))))
    (cond
     ((string-match "\\`#\\([[:xdigit:]]+\\)\\'" spec)
      (let* ((digits (match-string 1 spec)) (n (/ (length digits) 3)))
        (when (memq (length digits) '(3 6 9 12))
          (list (funcall scale (substring digits 0 n))
                (funcall scale (substring digits n (* 2 n)))
                (funcall scale (substring digits (* 2 n)))))))
     ((string-match "\\`rgb:\\([[:xdigit:]]\\{1,4\\}\\)/\\([[:xdigit:]]\\{1,4\\}\\)/\\([[:xdigit:]]\\{1,4\\}\\)\\'" spec)
      (mapcar (lambda (i) (funcall scale (match-string i spec))) '(1 2 3)))
     ((string-match "\\`rgbi:\\([^/]+\\)/\\([^/]+\\)/\\([^/]+\\)\\'" spec)
      (let ((values (mapcar (lambda (i) (string-to-number (match-string i spec))) '(1 2 3))))
        (when (and (<= 0 (nth 0 values) 1) (<= 0 (nth 1 values) 1) (<= 0 (nth 2 values) 1))
          (mapcar (lambda (v) (round (* v 65535))) values)))))))

(defun color-distance (color1 color2 &optional frame metric)
  "How far apart COLOR1 and COLOR2 look, by Emacs's weighted RGB distance."
  (if metric
      (funcall metric (color-values color1 frame) (color-values color2 frame))
    (let ((c1 (if (consp color1) color1 (color-values color1 frame)))
          (c2 (if (consp color2) color2 (color-values color2 frame))))
      (unless c1 (signal 'error (list "Invalid color" color1)))
      (unless c2 (signal 'error (list "Invalid color" color2)))
      ;; Riemersma's "Colour metric", in xfaces.c's integer form.
      (let ((r (- (nth 0 c1) (nth 0 c2)))
            (g (- (nth 1 c1) (nth 1 c2)))
            (b (- (nth 2 c1) (nth 2 c2)))
            (r-mean (ash (+ (nth 0 c1) (nth 0 c2)) -1)))
        (ash (+ (ash (* (+ (* 2 65536) r-mean) r r) -16)
                (* 4 g g)
                (ash (* (- (+ (* 2 65536) 65535) r-mean) b b) -16))
             -16)))))

(defun color-gray-p (color &optional frame)
  "Whether COLOR is a shade of gray (or black or white)."
  (let ((v (color-values color frame)))
    (and v
         (let ((r (nth 0 v)) (g (nth 1 v)) (b (nth 2 v)) (limit (/ 65535 20)))
           (and (< (abs (- r g)) limit) (< (abs (- g b)) limit) (< (abs (- r b)) limit))))))

(defun color-supported-p (color &optional frame background-p)
  "Whether FRAME can show COLOR (in some form, as a gray on a mono display)."
  (ignore background-p)
  (and (color-defined-p color frame)
       (or (display-color-p frame) (color-gray-p color frame))))

;; term.c's: the colours of the terminal, (NAME INDEX R G B) each, which
;; Emacs's start-up registers (tty-colors.el) as gapmacs's does on first use.
(defvar tty-defined-color-alist nil)
(with-eval-after-load 'term/tty-colors
  (unless tty-defined-color-alist
    (tty-register-default-colors)))

(defun face-font (face &optional frame _character)
  "The font name of FACE: \"tty\" on a text terminal, as Emacs's there.
With FRAME t, the font defaults of FACE for new frames: nil, or a list
of `bold' and `italic'."
  (if (eq frame t)
      (let ((result nil))
        (unless (memq (internal-get-lisp-face-attribute face :slant t) '(unspecified normal))
          (push 'italic result))
        (unless (memq (internal-get-lisp-face-attribute face :weight t) '(unspecified normal))
          (push 'bold result))
        result)
    (internal-get-lisp-face-attribute face :family frame)
    "tty"))

;; fontset.c's: on a text terminal there is no font, and Emacs gives a glyph
;; code only on the Linux console; elsewhere nil, so `char-displayable-p'
;; asks the terminal's coding system.
(defun internal-char-font (&optional _position _ch)
  "The font and glyph code for a character: nil on this text terminal."
  nil)

;; As xfaces.c makes it first: the default face is face 0.
(internal-make-lisp-face 'default)

;; Faces declared before faces.el came are made once it has loaded: its own
;; first, as Emacs has them preloaded, then the others in the order their
;; deffaces ran (the prelude's `custom-declare-face' kept (FACE . FILE)).
(with-eval-after-load 'faces
  ;; faces.el appended the face that subr-extra.el's default already has.
  (let ((tail (last minibuffer-prompt-properties 2)))
    (when (and (equal tail '(face minibuffer-prompt))
               (member 'minibuffer-prompt (butlast minibuffer-prompt-properties 2)))
      (setq minibuffer-prompt-properties (butlast minibuffer-prompt-properties 2))))
  (let ((own nil) (others nil))
    (dolist (entry custom--declared-faces)
      (if (and (cdr entry) (string-match-p "/faces\\.el" (cdr entry)))
          (push entry own)
        (push entry others)))
    (setq custom--declared-faces nil)
    (dolist (entry (append own others))
      (let* ((face (car entry)) (spec (get face 'face-defface-spec)))
        (when spec
          (put face 'face-defface-spec nil)
          (custom-declare-face face spec (get face 'face-documentation)))))))

(provide 'face-core)
;;; face-core.el ends here
