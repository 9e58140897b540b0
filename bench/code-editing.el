;;; code-editing.el --- font-lock workloads, for gapmacs and Emacs  -*- lexical-binding: t -*-

;; Loaded by bench/editor into both editors (`-l') after the file to work
;; on.  `bench-code-ready' puts point at the end of the first line of
;; code after the buffer's middle (`int total = 0;'), draws (and fontifies) the screen, then writes READY-FILE:
;; bench_keys starts typing there.  `bench-code-scroll' scrolls the file
;; screen by screen from the top, each screen redrawn (and fontified) at
;; once, and writes each screen's microseconds to OUT-FILE, then exits.

(defun bench-code--after-start-up (file function)
  "Call FUNCTION in FILE's buffer once start-up is over: a timer runs when
the command loop waits for keys, after the first redisplay, in both
editors (both show the command line's files only at the end of their
start-up, after the --eval forms)."
  (run-with-timer 0.5 nil (lambda ()
                            (switch-to-buffer (find-file-noselect file))
                            (funcall function))))

(defun bench-code-ready (file ready-file)
  (bench-code--after-start-up
   file
   (lambda ()
     (goto-char (point-min))
     (forward-line (/ (count-lines (point-min) (point-max)) 2))
     ;; A line of code, not a comment: what a keystroke costs to fontify.
     (re-search-forward "int total = 0;")
     (recenter)
     (redisplay t)
     (write-region "ready\n" nil ready-file nil 'silent))))

(defun bench-code-scroll (file screens out-file)
  (bench-code--after-start-up
   file
   (lambda ()
     (goto-char (point-min))
     (redisplay t)
     (let ((times nil))
       (dotimes (_ screens)
         (let ((start (float-time)))
           (scroll-up-command)
           (redisplay t)
           (push (* 1000000 (- (float-time) start)) times)))
       (write-region (mapconcat (lambda (us) (format "%.0f" us)) (nreverse times) "\n")
                     nil out-file nil 'silent)
       (kill-emacs 0)))))

;;; code-editing.el ends here
