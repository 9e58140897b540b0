;;; bytecode-tests.el --- byte-code functions and their interpreter  -*- lexical-binding: t -*-

;; gapmacs compiles nothing, but Emacs's library builds byte-code: #[...]
;; literals (Gnus), nadvice.el's advice objects, make-closure.  Each case
;; below is (FUNCTION ARGS EXPECTED): GNU Emacs 28.2 byte-compiled the
;; lambda, printed the object with print-escape-nonascii and
;; print-escape-control-characters, and applied it to ARGS; gapmacs reads
;; the printed object and must give the same value.
;; Needs the editor: buffers, commands, backtraces (runs in batch mode, not on the language alone).

(defvar bc-dyn 10)
(defvar bc-log nil)

(defun bytecode-tests--apply (case)
  (setq bc-log nil)
  (condition-case e (apply (nth 0 case) (nth 1 case)) (error (list 'ERROR e))))

(defconst bytecode-tests--cases
  '(
    (#[898 "\3\3\3\3\3001\17\0\6\7@0\202\24\0\301\1D\262\1\3022\35\0\303\302\304\"0\305\211\211\306W\2031\0\1\1\\\262\2\211T\262\1\202\37\0\210\211\262\1\257\7\207" [(error) caught k throw 5 0 10] 14 "\n\n(fn X Y &optional Z &rest R)"] (1 2) (1 2 nil nil (caught (wrong-type-argument listp 1)) 5 45))
    (#[898 "\3\3\3\3\3001\17\0\6\7@0\202\24\0\301\1D\262\1\3022\35\0\303\302\304\"0\305\211\211\306W\2031\0\1\1\\\262\2\211T\262\1\202\37\0\210\211\262\1\257\7\207" [(error) caught k throw 5 0 10] 14 "\n\n(fn X Y &optional Z &rest R)"] (#1=(a) 2 3 4 5) (#1# 2 3 (4 5) a 5 45))
    (#[257 "\211\300\267\202\f\0\301\207\302\207\303\207\304\207" [#s(hash-table size 3 test eq rehash-size 1.5 rehash-threshold 0.8125 purecopy t data (1 6 2 8 a 10)) one two aa other] 3 "\n\n(fn X)"] (1) one)
    (#[257 "\211\300\267\202\f\0\301\207\302\207\303\207\304\207" [#s(hash-table size 3 test eq rehash-size 1.5 rehash-threshold 0.8125 purecopy t data (1 6 2 8 a 10)) one two aa other] 3 "\n\n(fn X)"] (a) aa)
    (#[257 "\211\300\267\202\f\0\301\207\302\207\303\207\304\207" [#s(hash-table size 3 test eq rehash-size 1.5 rehash-threshold 0.8125 purecopy t data (1 6 2 8 a 10)) one two aa other] 3 "\n\n(fn X)"] (zz) other)
    (#[257 "\211C\300\301\302\"r\211q\210\303\304\2\"\216\305\2\242\261\2\210eb\210\212\306v\210)`\307 \303\310\5\"\216\311\312{)\4\242F*\207" [generate-new-buffer " *temp*" t make-closure #[0 "\301\300!\205\11\0\302\300!\207" [V0 buffer-name kill-buffer] 2] "hello " nil buffer-string #[0 "\300\301\240\207" [V0 1] 2] 1 3] 8 "\n\n(fn X)"] ("world") (1 "hello world" "he" 1))
    (#[257 "\300\301\2\"\302\1\303\"\207" [make-closure #[257 "\211\300_\207" [V0] 3 "\n\n(fn K)"] mapcar (1 2 3)] 5 "\n\n(fn N)"] (4) (4 8 12))
    (#[257 "\10T\211\30\300J\2\301\4Q\3G\4\302H\257\5)\207" [bc-dyn "!" 0] 8 "\n\n(fn S)"] ("ab") (11 11 "ab!ab" 2 97))
    (#[257 "\211A@\1A\2\300\234\301\4>\302\303\6\6!\304\6\7!\237\6\7\242\305\306\307\310\311\307\312\313\312\314\305\314\305\314\6\26\211\232\314\211\211\305\314\211\6\35:\314\6\37?\6 \211=\315\316N\312\300\307\317\306\311\257\6\257#\207" [2 c #3=(x . 1) reverse copy-sequence nil 5 3 -3 6 1 9 t bc-sym p 4] 41 "\n\n(fn L)"] ((a . #1=(b . #2=(c d)))) (b #1# c #2# #3# (d c b a) (d c b a) a nil 5 3 -3 6 3 1 9 1 t nil t nil t t t t t nil t t t t nil t nil (1 2 3 4 5 6)))
    (#[257 "\300\301\302\"r\211q\210\303\304\2\"\216\305c\210\306b\210\307fg\310u\210hilnmo\307\177\210`\306y\210`\311\307x`\214\306\312}\210eded{E)d\306b\210\313\314!\210\306\224\306\225D\6\20\226\315\227\316z\306\317|\210\320 r\321\322!q\210\323p!)\323p!\257\25*\207" [generate-new-buffer " *temp*" t make-closure #[0 "\301\300!\205\11\0\302\300!\207" [V0 buffer-name kill-buffer] 2] "abc def\nghi" 1 nil 2 "a-z" 4 looking-at "\\(ab\\)" "AB" 97 3 buffer-string get-buffer-create " other" buffer-name] 24 "\n\n(fn X)"] ("xy") (97 97 98 2 nil nil nil nil 8 9 0 9 (1 4 "abc") 12 (1 3) "XY" "ab" 119 "c def\nghi" " other" " *temp*"))
    (#[514 "\3001\f\0\1\1\2450\301\1D\207\302\1D\207" [(arith-error) ok div] 5 "\n\n(fn A B)"] (6 3) (ok 2))
    (#[514 "\3001\f\0\1\1\2450\301\1D\207\302\1D\207" [(arith-error) ok div] 5 "\n\n(fn A B)"] (1 0) (div (arith-error)))
    (#[257 "\3001\21\0\3011\15\0\211 00\2070\210\302\207\210\303\207" [(void-function) (wrong-type-argument) wta vf] 2 "\n\n(fn F)"] (ignore) nil)
    (#[257 "\3001\21\0\3011\15\0\211 00\2070\210\302\207\210\303\207" [(void-function) (wrong-type-argument) wta vf] 2 "\n\n(fn F)"] (nosuchfunction-bc) vf)
    (#[128 "\300\301\2\"\207" [apply +] 4 "\n\n(fn &rest XS)"] nil 0)
    (#[128 "\300\301\2\"\207" [apply +] 4 "\n\n(fn &rest XS)"] (1 2 3) 6)
    (#[257 "\300\1\301V\203\23\0\1\1B\262\1\1S\262\2\202\1\0\207" [nil 0] 4 "\n\n(fn X)"] (5) (1 2 3 4 5))
    (#[257 "\3002\16\0\301\216\302\300\303\3D\")0\207" [out #[0 "\301\10B\211\20\207" [bc-log unwound] 2] throw thrown] 5 "\n\n(fn X)"] (1) (thrown 1))
    (#[0 "\3001\27\0\3011\20\0\302\303\304\"0\202\25\0\305\1D\262\0010\207\306\1D\207" [(error) (arith-error) signal wrong-type-argument #1=(x) inner outer] 3] nil (outer (wrong-type-argument . #1#)))
    (#[257 "\300\301\211\3W\203$\0\3022\31\0\211\303U\203\27\0\304\302\305\"\210\2110\2B\262\2\211T\262\1\202\2\0\210\207" [nil 0 skip 1 throw skipped] 6 "\n\n(fn N)"] (3) (2 skipped 0))
    (#[257 "\3011\20\0\302\303\2\"\216\304\305\2\")0\207\211A@\10D\207" [bc-log (error) make-closure #[0 "\302\300D\211\21\207" [V0 bc-log cleanup] 2] error "boom %s"] 4 "\n\n(fn X)"] (7) ("boom 7" (cleanup 7)))
    (#[(bc-dyn &optional more) "\10\11\300JE\207" [bc-dyn more] 3] (5) (5 nil 5))
    )
  "Cases printed by Emacs 28.2.")

(ert-deftest bytecode-emacs-cases ()
  ;; The cases ran in Emacs outside ert, which names its test buffer
  ;; " *temp*" as one of them names its own.
  (rename-buffer "bytecode-tests" t)
  (dolist (case bytecode-tests--cases)
    (should (byte-code-function-p (nth 0 case)))
    (should (equal (list (nth 1 case) (bytecode-tests--apply case))
                   (list (nth 1 case) (nth 2 case))))))


(ert-deftest bytecode-object ()
  (let ((f (make-byte-code 257 "\300\1\\\207" [10] 3 "Add ten." '(interactive "p"))))
    (should (equal (list (funcall f 5) (func-arity f) (commandp f) (interactive-form f) (documentation f)
                         (type-of f) (byte-code-function-p f) (functionp f) (vectorp f) (sequencep f)
                         (length f) (aref f 0)
                         (equal f (make-byte-code 257 "\300\1\\\207" [10] 3 "Add ten." '(interactive "p")))
                         (prin1-to-string f))
                   '(15 (1 . 1) t (interactive (interactive "p")) "Add ten." compiled-function t t nil nil 6 257 t
                        "#[257 \"\\300\^A\\\\\\207\" [10] 3 \"Add ten.\" (interactive \"p\")]")))
    (should (equal (funcall (read (prin1-to-string f)) 1) 11)))
  (should (equal (func-arity (make-byte-code 128 "\300\207" [nil] 1)) '(0 . many)))
  (should (equal (func-arity (make-byte-code 770 "\300\207" [nil] 1)) '(2 . 3)))
  (should (equal (condition-case e (funcall (make-byte-code 514 "\300\207" [nil] 3) 1) (error e))
                 '(wrong-number-of-arguments (2 . 2) 1)))
  (should (equal (condition-case e (make-byte-code 1 2 3 4) (error e)) '(error "Invalid byte-code object")))
  (should (equal (condition-case e (read "#[1 2]") (error e)) '(invalid-read-syntax "Invalid byte-code object")))
  (should-not (commandp (make-byte-code 0 "\300\207" [nil] 1)))
  (should (eq (funcall (make-closure (make-byte-code 0 "\300\207" [V0] 1) 'captured)) 'captured)))

(ert-deftest bytecode-bad-code-is-an-error ()
  ;; Emacs 28 crashes on these; gapmacs signals.
  (should (equal (condition-case e (funcall (make-byte-code 0 "\10\207" [] 1)) (error e))
                 '(error "Byte-code constant out of range")))
  (should (equal (condition-case e (funcall (make-byte-code 0 "\300\300\300\207" [1] 1)) (error e))
                 '(error "Stack overflow in byte code")))
  (should (equal (condition-case e (funcall (make-byte-code 0 "\210\207" [] 1)) (error e))
                 '(error "Stack underflow in byte code")))
  (should (equal (condition-case e (funcall (make-byte-code 0 "\300" [1] 1)) (error e))
                 '(error "Byte-code ran off its end")))
  (should (equal (condition-case e (funcall (make-byte-code 0 "\1\207" [] 2)) (error e))
                 '(error "Stack underflow in byte code"))))

(ert-deftest bytecode-save-excursion-and-restriction ()
  ;; (lambda () (save-excursion (goto-char 2) (save-restriction (narrow-to-region 2 3) (list (point) (point-min) (buffer-string)))))
  ;; byte-compiled by Emacs 28.2; run in a buffer "abcd" with point at 4.
  (with-temp-buffer
    (insert "abcd")
    (goto-char 4)
    (let ((f (read "#[0 \"\\212\\300b\\210\\214\\300\\301}\\210`e\\302 E*\\207\" [2 3 buffer-string] 3]")))
      (should (equal (funcall f) '(2 2 "b")))
      (should (equal (list (point) (point-min) (point-max)) '(4 1 5))))))

(ert-deftest obarrays-are-separate ()
  ;; Values from GNU Emacs 28.2.
  (let* ((ob (make-vector 10 0)) (s (intern "car" ob)) (seen nil))
    (should-not (eq s 'car))
    (should (eq (intern-soft "car" ob) s))
    (should-not (intern-soft "zzq" ob))
    (set s 5)
    (should (equal (symbol-value s) 5))
    (should-not (boundp 'car))
    (mapatoms (lambda (x) (push x seen)) ob)
    (should (equal seen (list s)))
    (should (eq (unintern "car" ob) t))
    (should-not (intern-soft "car" ob))
    (should (eq (intern-soft "car") 'car)))
  (let ((ob (obarray-make)))
    (should (obarrayp ob))
    (should (equal (symbol-name (intern "x" ob)) "x"))
    (should (eq (intern "x" ob) (intern-soft "x" ob)))))

(ert-deftest obarrays-of-symbols ()
  "A vector of symbols is an obarray whose buckets are those symbols, as
Emacs chains a bucket through its symbols (company's tests bind `obarray'
to [when what whelp]); values from GNU Emacs 28.2 (whose chains go on
through the symbols' other buckets: only names a prefix selects are sure)."
  (should (equal (all-completions "ba" [boo bar baz backquote]) '("bar" "baz" "backquote")))
  (should (equal (let ((obarray [boo bar baz])) (all-completions "ba" obarray)) '("bar" "baz")))
  (should (equal (try-completion "ba" [boo bar baz backquote]) "ba")))

(defun bytecode-tests--inner (_x) (list (backtrace-frame 0) (backtrace-frame 1) (cadr (backtrace-frame 2))))
(defun bytecode-tests--outer (y) (car (list (bytecode-tests--inner (1+ y)))))

(ert-deftest backtrace-frames-are-calls ()
  ;; As Emacs 28.2 gives them for the same functions byte-compiled: argument
  ;; evaluation (car, list) makes no frame.
  (should (equal (bytecode-tests--outer 1)
                 '((t backtrace-frame 0) (t bytecode-tests--inner 2) bytecode-tests--outer)))
  (should (equal (funcall (lambda () (cadr (car (backtrace-frames)))))
                 'backtrace-frames)))
