;;; stream-typing.el --- typing while a command streams, for gapmacs and Emacs  -*- lexical-binding: t -*-

;; Loaded by bench/editor into both editors (`-l'): the selected window
;; keeps a file to type into, the other shows the stream and follows it.
;; When the stream buffer has READY-SIZE characters, READY-FILE is written
;; (bench_keys starts typing then); every 0.2 s STATUS-FILE gets the
;; stream's process status and buffer size, so the run can tell whether the
;; stream outlasted the typing.

(defvar bench-stream--buffer nil)

(defun bench-stream--watch (ready-size ready-file status-file)
  (let* ((buf bench-stream--buffer)
         (proc (and (buffer-live-p buf) (get-buffer-process buf)))
         (size (if (buffer-live-p buf) (buffer-size buf) 0)))
    (write-region (format "%s %d gcs %d %.2fs\n" (if proc (process-status proc) 'exit) size
                          gcs-done gc-elapsed)
                  nil status-file nil 'silent)
    (when (and (>= size ready-size) (not (file-exists-p ready-file)))
      (write-region (format "gcs %d %.2fs\n" gcs-done gc-elapsed) nil ready-file nil 'silent))))

(defun bench-stream--follow (buf)
  "Show BUF in the other window with its point at the end, so it follows."
  (let ((win (or (get-buffer-window buf) (next-window))))
    (set-window-buffer win buf)
    (with-current-buffer buf (goto-char (point-max)))
    (set-window-point win (with-current-buffer buf (point-max)))))

(defun bench-stream-start (kind command ready-size ready-file status-file)
  "Start COMMAND streaming into a buffer of KIND (grep, compile or shell)."
  (setq compilation-scroll-output t)
  (split-window)
  (setq bench-stream--buffer
        (pcase kind
          ('grep (grep command))
          ('compile (compile command))
          ('shell
           (let ((buf (save-selected-window
                        (other-window 1)
                        (shell)
                        (current-buffer))))
             (with-current-buffer buf
               (goto-char (point-max))
               (insert command)
               (comint-send-input))
             buf))))
  (when (bufferp bench-stream--buffer)
    (bench-stream--follow bench-stream--buffer))
  (run-with-timer 0.2 0.2 #'bench-stream--watch ready-size ready-file status-file))

;;; stream-typing.el ends here
