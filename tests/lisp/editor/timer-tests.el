;;; timer-tests.el --- run-with-timer, run-at-time, with-timeout...  -*- lexical-binding: t -*-

;; Expected behaviour is GNU Emacs 28's; the file also runs there.  Timers
;; run while Lisp waits (sleep-for, accept-process-output).  The tests wait
;; for what they expect, up to 10 s, so a loaded machine (or the GC-stress
;; run) only makes them slower.

(defun timer-tests--wait-until (pred)
  "Wait (running timers) until PRED returns non-nil, 10 s at most."
  (let ((end (+ (float-time) 10)))
    (while (and (not (funcall pred)) (< (float-time) end))
      (sleep-for 0.02))
    (funcall pred)))

(ert-deftest timer-runs-once-with-its-arguments ()
  (let* ((log nil)
         (timer (run-with-timer 0.05 nil (lambda (a b) (push (list a b) log)) 'x 'y)))
    (should (timerp timer))
    (should (memq timer timer-list))
    (should (null log))                 ; not before anyone waits
    (should (timer-tests--wait-until (lambda () log)))
    (should (equal log '((x y))))
    (should-not (memq timer timer-list))
    (sleep-for 0.1)
    (should (equal log '((x y))))))     ; once

(ert-deftest timer-event-ends-sit-for ()
  "With `noninteractive' nil, as company's tests bind it, an event a timer
puts in unread-command-events ends sit-for with nil and goes back as
\(t . EVENT); one already there ends it at once.  Values from Emacs 28."
  (let ((noninteractive nil)
        (unread-command-events nil)
        (start (float-time)))
    (run-with-timer 0.05 nil (lambda () (push 'timer-tests-event unread-command-events)))
    (should-not (sit-for 5 t))
    (should (< (- (float-time) start) 2))
    (should (equal unread-command-events '((t . timer-tests-event))))
    (let ((unread-command-events (list 7)))
      (should-not (sit-for 5))
      (should (equal unread-command-events '(7))))))

(ert-deftest timer-repeats-until-cancelled ()
  (let* ((n 0)
         (timer (run-with-timer 0.02 0.05 (lambda () (setq n (1+ n))))))
    (should (timer-tests--wait-until (lambda () (>= n 3))))
    (cancel-timer timer)
    (let ((seen n))
      (sleep-for 0.15)
      (should (= n seen)))
    (should-not (memq timer timer-list))))

(ert-deftest timer-runs-in-accept-process-output ()
  (let ((ran nil))
    (run-at-time 0.05 nil (lambda () (setq ran t)))
    (let ((end (+ (float-time) 10)))
      (while (and (not ran) (< (float-time) end))
        (accept-process-output nil 0.1)))
    (should ran)))

(ert-deftest timer-with-timeout ()
  (should (eq (with-timeout (0.1 'timed-out) (sleep-for 1) 'finished) 'timed-out))
  (should (eq (with-timeout (10 'timed-out) (sleep-for 0.05) 'finished) 'finished))
  ;; The timer of a body that finished is gone.
  (let ((before (length timer-list)))
    (with-timeout (5 nil) 'quick)
    (should (= (length timer-list) before))))

(ert-deftest timer-error-is-reported-not-signaled ()
  ;; Emacs's ERT catches any error through its debugger, handled or not:
  ;; this runs in gapmacs only.
  (skip-unless (boundp 'gapmacs-version))
  (let ((debug-on-error nil))
    (run-with-timer 0 nil (lambda () (error "Timer went wrong")))
    (should (null (sleep-for 0.05)))))

(ert-deftest timer-cancel-function-timers ()
  (let ((timer (run-with-timer 60 nil #'timer-tests--never)))
    (should (memq timer timer-list))
    (cancel-function-timers #'timer-tests--never)
    (should-not (memq timer timer-list))))

(ert-deftest timer-durations-and-times ()
  (should (= (timer-duration "2 min 30 sec") 150))
  (should (= (timer-duration "1.5 hours") 5400))
  (should (null (timer-duration "tomorrow-ish")))
  (should (equal (timer-relative-time '(0 10 0 0) 5) 15))
  (should (equal (timer-relative-time '(0 10 0 0) 0.5) '(0 10 500000 0)))
  (let ((timer (run-at-time "2 min" nil #'ignore)))
    (should (< 110 (- (float-time (timer--time timer)) (float-time)) 130))
    (cancel-timer timer))
  (should-error (run-at-time "not a time" nil #'ignore))
  (should-error (run-at-time nil -1 #'ignore)))

(ert-deftest timer-idle-timer-is-listed ()
  (let ((timer (run-with-idle-timer 10 t #'ignore)))
    (should (memq timer timer-idle-list))
    (should (eq (timer--idle-delay timer) 'idle))
    (cancel-timer timer)
    (should-not (memq timer timer-idle-list))))
