;;; timer.el --- run functions later, or when the editor is idle  -*- lexical-binding: t -*-

;; Emacs's timer interface: `run-at-time', `run-with-timer',
;; `run-with-idle-timer', `cancel-timer', `with-timeout' and the
;; `timer-...' functions under them.  A timer is a vector of ten slots laid
;; out as Emacs lays them out, so code that reads `timer--function' or
;; tests `timerp' works unchanged.
;;
;; Timers run while the editor waits: in `accept-process-output',
;; `sit-for', `sleep-for' and while it waits for a key.  One alarm of the
;; event loop (`timer--arm-wakeup', in C++) is kept at the earliest
;; timer's time.  Idle timers run once the editor has waited for input
;; that long; the command loop calls `timer--idle-begin' when it starts
;; waiting and `timer--idle-end' when a key comes.

(defvar timer-list nil "The active timers, earliest first.")
(defvar timer-idle-list nil "The active idle timers, shortest delay first.")
(defvar timer-max-repeats 10
  "How many missed runs of a repeating timer to make up for, at most.")
(defvar timer-event-last nil)
(defvar timer--idle-start nil "When the editor started waiting for input, or nil.")

;;;; The timer object: [TRIGGERED HIGH LOW USECS REPEAT FUNCTION ARGS IDLE PSECS INTEGRAL]

;;;###autoload
(defun timer-create ()
  "A new, inactive timer."
  (make-vector 10 nil))

;;;###autoload
(defun timerp (object)
  "Non-nil if OBJECT is a timer."
  (and (vectorp object) (= (length object) 10)))

(defun timer--check (timer)
  (unless (timerp timer) (signal 'wrong-type-argument (list 'timerp timer))))

(defun timer--triggered (timer) (aref timer 0))
(defun timer--repeat-delay (timer) (aref timer 4))
(defun timer--function (timer) (aref timer 5))
(defun timer--args (timer) (aref timer 6))
(defun timer--idle-delay (timer) (aref timer 7))

(defun timer--time (timer)
  "TIMER's time as (HIGH LOW USECS PSECS)."
  (list (aref timer 1) (aref timer 2) (aref timer 3) (or (aref timer 8) 0)))

(defun timer--set-time-slots (timer time)
  (let ((l (time-convert time 'list)))
    (aset timer 1 (nth 0 l))
    (aset timer 2 (nth 1 l))
    (aset timer 3 (nth 2 l))
    (aset timer 8 (nth 3 l))))

;;;###autoload
(defun timer-set-time (timer time &optional delta)
  "Make TIMER run at TIME, and then every DELTA seconds if DELTA is non-nil."
  (timer--check timer)
  (timer--set-time-slots timer time)
  (aset timer 4 (and (numberp delta) (> delta 0) delta))
  (aset timer 7 nil)
  timer)

;;;###autoload
(defun timer-set-idle-time (timer secs &optional repeat)
  "Make TIMER run after SECS seconds of idleness (each idle period if REPEAT)."
  (timer--check timer)
  (timer--set-time-slots timer (if (numberp secs) secs (float-time secs)))
  (aset timer 4 repeat)
  (aset timer 7 'idle)
  timer)

;;;###autoload
(defun timer-set-function (timer function &optional args)
  "Make TIMER call FUNCTION with ARGS when it runs."
  (timer--check timer)
  (aset timer 5 function)
  (aset timer 6 args)
  timer)

;;;###autoload
(defun timer-relative-time (time secs &optional usecs psecs)
  "TIME plus SECS seconds (and USECS microseconds, PSECS picoseconds)."
  (time-add time (if (or usecs psecs)
                     (time-add secs (list 0 0 (or usecs 0) (or psecs 0)))
                   secs)))

(defun timer-inc-time (timer secs &optional usecs psecs)
  "Move TIMER's time later by SECS seconds."
  (timer--set-time-slots timer (timer-relative-time (timer--time timer) secs usecs psecs)))

(defun timer-until (timer time)
  "Seconds from TIME until TIMER's time (negative when it is past)."
  (float-time (time-subtract (timer--time timer) time)))

(defun timer-next-integral-multiple-of-time (time secs)
  "The first multiple of SECS seconds since the epoch that is after TIME."
  (let ((now (float-time time)))
    (* secs (1+ (floor now secs)))))

;;;; Activating

(defun timer--insert (timer list key)
  "LIST with TIMER inserted in the order of KEY (a function of a timer)."
  (let ((k (funcall key timer)) (before nil) (rest list))
    (while (and rest (<= (funcall key (car rest)) k))
      (push (car rest) before)
      (setq rest (cdr rest)))
    (nconc (nreverse before) (cons timer rest))))

;;;###autoload
(defun timer-activate (timer &optional triggered-p _reuse-cell)
  "Put TIMER on the list of active timers."
  (timer--check timer)
  (unless (and (aref timer 1) (timer--function timer))
    (error "Invalid or uninitialized timer"))
  (setq timer-list (delq timer timer-list))
  (aset timer 0 triggered-p)
  (aset timer 7 nil)
  (setq timer-list (timer--insert timer timer-list (lambda (x) (float-time (timer--time x)))))
  (timer--rearm)
  nil)

;;;###autoload
(defun timer-activate-when-idle (timer &optional dont-wait _reuse-cell)
  "Put TIMER on the list of idle timers.  If the editor is idle already and
DONT-WAIT is nil, it waits for the next idle period."
  (timer--check timer)
  (setq timer-idle-list (delq timer timer-idle-list))
  (aset timer 0 (not dont-wait))
  (aset timer 7 'idle)
  (setq timer-idle-list (timer--insert timer timer-idle-list (lambda (x) (float-time (timer--time x)))))
  (timer--rearm)
  nil)

;;;###autoload
(defun cancel-timer (timer)
  "Remove TIMER from the lists of active timers."
  (timer--check timer)
  (setq timer-list (delq timer timer-list)
        timer-idle-list (delq timer timer-idle-list))
  (timer--rearm)
  nil)

;;;###autoload
(defun cancel-function-timers (function)
  "Cancel every timer that would call FUNCTION."
  (interactive "aCancel timers of function: ")
  (dolist (timer (append timer-list timer-idle-list))
    (when (eq (timer--function timer) function)
      (cancel-timer timer))))

;;;; Running

(defun timer--idle-due (timer)
  "When idle TIMER is due, as a float time, or nil."
  (and timer--idle-start (not (timer--triggered timer))
       (+ timer--idle-start (float-time (timer--time timer)))))

(defun timer--next-wakeup ()
  "The float time of the next timer to run, or nil."
  (let ((next (and timer-list (float-time (timer--time (car timer-list))))))
    (dolist (timer timer-idle-list)
      (let ((due (timer--idle-due timer)))
        (when (and due (or (null next) (< due next))) (setq next due))))
    next))

(defun timer--rearm ()
  (when (fboundp 'timer--arm-wakeup)
    (let ((next (timer--next-wakeup)))
      (timer--arm-wakeup (and next (max 0 (- next (float-time))))))))

(defun timer-event-handler (timer)
  "Run TIMER's function, after rescheduling it if it repeats.
An error in the function is reported, not signaled."
  (setq timer-event-last timer)
  (let ((repeat (timer--repeat-delay timer)))
    (if (timer--idle-delay timer)
        (if repeat
            (aset timer 0 t)            ; once per idle period
          (setq timer-idle-list (delq timer timer-idle-list)))
      (setq timer-list (delq timer timer-list))
      (when (and (numberp repeat) (> repeat 0))
        ;; The next run after the one that was due, making up for at most
        ;; `timer-max-repeats' missed ones.
        (timer-inc-time timer repeat)
        (let ((behind (- (float-time) (float-time (timer--time timer)))))
          (when (> behind (* repeat timer-max-repeats))
            (timer-inc-time timer (* repeat (ceiling behind repeat)))))
        (timer-activate timer))))
  ;; As Emacs: with debug-on-error (ERT binds it) the error goes on.
  (condition-case-unless-debug err
      ;; As Emacs: a timer function must not change the current buffer.
      (save-current-buffer
        (apply (timer--function timer) (timer--args timer)))
    (error (message "Error running timer%s: %S"
                    (if (symbolp (timer--function timer))
                        (format " `%s'" (timer--function timer))
                      "")
                    err))))

(defvar timer--running nil)

(defun timer--run-due ()
  "Run the timers whose time has come (the event loop's alarm calls this)."
  (unless timer--running
    (let ((timer--running t) (now (float-time)) (due nil))
      (dolist (timer timer-list)
        (when (<= (float-time (timer--time timer)) now) (push timer due)))
      (dolist (timer timer-idle-list)
        (let ((at (timer--idle-due timer)))
          (when (and at (<= at now)) (push timer due))))
      (dolist (timer (nreverse due))
        (timer-event-handler timer))))
  (timer--rearm))

(defun timer--idle-begin ()
  "The editor starts waiting for input."
  (unless timer--idle-start
    (setq timer--idle-start (float-time))
    (when timer-idle-list (timer--rearm))))

(defun timer--idle-end ()
  "Input came: the idle period is over; repeating idle timers wait for the next."
  (when timer--idle-start
    (setq timer--idle-start nil)
    (dolist (timer timer-idle-list) (aset timer 0 nil))
    (when timer-idle-list (timer--rearm))))

;;;###autoload
(defun current-idle-time ()
  "How long the editor has waited for input, as a time value, or nil."
  (and timer--idle-start (time-subtract (float-time) timer--idle-start)))

;;;; The usual entry points

(defconst timer-duration-words
  '(("microsec" . 1e-6) ("microsecond" . 1e-6) ("millisec" . 0.001) ("millisecond" . 0.001)
    ("sec" . 1) ("second" . 1) ("min" . 60) ("minute" . 60) ("hour" . 3600)
    ("day" . 86400) ("week" . 604800) ("fortnight" . 1209600)
    ("month" . 2592000) ("year" . 31557600))
  "Units `timer-duration' knows, in seconds.")

;;;###autoload
(defun timer-duration (string)
  "The seconds STRING (\"2 min 30 sec\", \"1.5 hours\") stands for, or nil."
  (let ((secs 0) (start 0) (ok t))
    (while (and ok (string-match "[ \t]*\\([0-9.]+\\)?[ \t]*\\([a-z]+[a-rt-z]\\)s?[ \t]*"
                                 string start)
                (= (match-beginning 0) start))
      (let* ((count (if (match-beginning 1) (string-to-number (match-string 1 string)) 1))
             (unit (cdr (assoc (match-string 2 string) timer-duration-words))))
        (if unit
            (setq secs (+ secs (* count unit)) start (match-end 0))
          (setq ok nil))))
    (and ok (= start (length string)) (> start 0) secs)))

(defun timer--time-of-day (string)
  "Today's time STRING (\"10:00pm\", \"22:00\", \"7am\") as a float time, or nil."
  (when (string-match "\\`\\([0-9][0-9]?\\)\\(?::\\([0-9][0-9]\\)\\)?[ \t]*\\([ap]\\.?m\\.?\\)?\\'"
                      (downcase string))
    (let* ((s (downcase string))
           (hour (string-to-number (match-string 1 s)))
           (minute (if (match-beginning 2) (string-to-number (match-string 2 s)) 0))
           (ampm (and (match-beginning 3) (aref (match-string 3 s) 0))))
      (when ampm
        (setq hour (+ (mod hour 12) (if (eq ampm ?p) 12 0))))
      (when (and (< hour 24) (< minute 60) (or ampm (match-beginning 2)))
        (let ((now (decode-time)))
          (float-time (encode-time (list 0 minute hour (nth 3 now) (nth 4 now) (nth 5 now)
                                         nil -1 nil))))))))

;;;###autoload
(defun run-at-time (time repeat function &rest args)
  "Call FUNCTION with ARGS at TIME, then every REPEAT seconds if REPEAT is
non-nil.  TIME is nil (now), t (the next multiple of REPEAT), a number of
seconds from now, a time value, a relative time string (\"2 min\") or a
time of day today (\"11:23pm\").  Returns the timer, for `cancel-timer'."
  (interactive "sRun at time: \nNRepeat interval: \naFunction: ")
  (when (and repeat (not (and (numberp repeat) (>= repeat 0))))
    (error "Invalid repetition interval"))
  (let ((at (cond ((null time) (float-time))
                  ((eq time t)
                   (if (and (numberp repeat) (> repeat 0))
                       (timer-next-integral-multiple-of-time nil repeat)
                     (float-time)))
                  ((numberp time) (+ (float-time) time))
                  ((stringp time)
                   (let ((secs (timer-duration time)))
                     (cond (secs (+ (float-time) secs))
                           ((timer--time-of-day time))
                           (t (error "Invalid time format")))))
                  (t (float-time time))))
        (timer (timer-create)))
    (timer-set-time timer at repeat)
    (timer-set-function timer function args)
    (timer-activate timer)
    timer))

;;;###autoload
(defun run-with-timer (secs repeat function &rest args)
  "Call FUNCTION with ARGS after SECS seconds, then every REPEAT seconds."
  (interactive "sRun after delay (seconds): \nNRepeat interval: \naFunction: ")
  (apply #'run-at-time secs repeat function args))

;;;###autoload
(defun add-timeout (secs function object &optional repeat)
  "Call FUNCTION with OBJECT after SECS seconds (obsolete; `run-with-timer')."
  (run-with-timer secs repeat function object))

;;;###autoload
(defun run-with-idle-timer (secs repeat function &rest args)
  "Call FUNCTION with ARGS once the editor has been idle SECS seconds; if
REPEAT, in every idle period that long."
  (interactive (list (read-number "Run after idle (seconds): ")
                     (y-or-n-p "Repeat each time Emacs is idle? ")
                     (intern (completing-read "Function: " obarray #'fboundp t))))
  (let ((timer (timer-create)))
    (timer-set-function timer function args)
    (timer-set-idle-time timer secs repeat)
    (timer-activate-when-idle timer t)
    timer))

;;;###autoload
(defmacro with-timeout (list &rest body)
  "Run BODY, giving up after SECONDS and running TIMEOUT-FORMS instead.
LIST is (SECONDS TIMEOUT-FORMS...).  BODY is interrupted only while it
waits (`sit-for', `sleep-for', `accept-process-output', reading input)."
  (declare (indent 1))
  (let ((seconds (car list))
        (timeout-forms (cdr list))
        (value (make-symbol "value"))
        (timer (make-symbol "timer")))
    ;; A constant tag, as in Emacs: the lambda needs no closure, so the
    ;; macro works in files without lexical-binding too.
    `(let ((,value
            (catch 'timeout
              (let ((,timer (run-with-timer ,seconds nil
                                            (lambda () (throw 'timeout 'with-timeout--timed-out)))))
                (unwind-protect
                    (progn ,@body)
                  (cancel-timer ,timer))))))
       (if (eq ,value 'with-timeout--timed-out)
           (progn ,@timeout-forms)
         ,value))))

(provide 'timer)
