;;; network-process-tests.el --- make-network-process over local sockets  -*- lexical-binding: t -*-

;; The Emacs server (server.el) listens on a local socket that emacsclient
;; talks to.  Each expected value was checked with `emacs -Q --batch'
;; (GNU Emacs 28.2); this file passes in both.

(require 'ert)

(defun network-test--socket ()
  (let ((dir (make-temp-file "sockets" t)))
    (expand-file-name "s" dir)))

(defun network-test--wait (predicate)
  "Turn the loop until PREDICATE holds, for at most 5 seconds."
  (let ((deadline (+ (float-time) 5)))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (funcall predicate)))

(ert-deftest network-process-local-feature ()
  (should (featurep 'make-network-process '(:family local)))
  (should (featurep 'make-network-process '(:server t))))

(ert-deftest network-process-server-and-client ()
  (let* ((path (network-test--socket))
         (received nil) (events nil) (answers nil)
         (server (make-network-process
                  :name "net-test" :server t :family 'local :service path :noquery t
                  :coding 'raw-text-unix :plist '(:role server)
                  :filter (lambda (proc string)
                            (push string received)
                            (process-send-string proc (upcase string)))
                  :sentinel (lambda (proc event) (push (cons proc event) events))))
         (client (make-network-process
                  :name "net-client" :family 'local :service path :noquery t
                  :filter (lambda (_proc string) (push string answers)))))
    (unwind-protect
        (progn
          (should (eq (process-status server) 'listen))
          (should (eq (process-type server) 'network))
          (should (eq (process-contact server :server) t))
          (should (equal (process-contact server :service) path))
          (should (eq (process-status client) 'open))
          (should (eq (process-contact client :server) nil))
          (should (null (process-id client)))
          (process-send-string client "hello\n")
          (should (network-test--wait (lambda () answers)))
          (should (equal received '("hello\n")))
          (should (equal answers '("HELLO\n")))
          ;; The connection the server accepted: its name, its settings.
          (let ((connection (car (car events))))
            (should (equal (cdr (car events)) "open from -\n"))
            (should (string-prefix-p "net-test <" (process-name connection)))
            (should (eq (process-status connection) 'open))
            (should (eq (process-contact connection :server) nil))
            (should (equal (process-contact connection :service) path))
            (should (equal (process-contact connection) (list t path)))
            (should (equal (process-exit-status connection) 0))
            ;; Not a child: nothing to signal.
            (should (equal (should-error (interrupt-process connection))
                           (list 'error (format "Process %s is not a subprocess"
                                                (process-name connection)))))
            (should (equal (process-plist connection) '(:role server)))
            (should (null (process-buffer connection)))
            ;; The client goes: the connection hears its peer leave.
            (delete-process client)
            (should (network-test--wait (lambda () (eq (process-status connection) 'closed))))
            (should (equal (cdr (car events)) "connection broken by remote peer\n"))
            (should (equal (process-exit-status connection) 256))))
      (delete-process client)
      (delete-process server))
    (should (eq (process-status server) 'closed))
    (should (equal (cdr (car events)) "deleted\n"))))

(ert-deftest network-process-nobody-listening ()
  (let ((path (network-test--socket)))
    (should-error (make-network-process :name "net-none" :family 'local :service path)
                  :type 'file-error)))

(ert-deftest network-process-emacsclient ()
  ;; server.el's own server, and the emacsclient program talking to it.
  (skip-unless (executable-find "emacsclient"))
  (require 'server)
  (let* ((server-socket-dir (file-name-directory (network-test--socket)))
         (server-name "gapmacs-network-test")
         (output nil))
    (server-start)
    (unwind-protect
        (progn
          (should (server-running-p server-name))
          (let ((client (make-process
                         :name "emacsclient"
                         :command (list "emacsclient" "-s"
                                        (expand-file-name server-name server-socket-dir)
                                        "--eval" "(+ 40 2)")
                         :filter (lambda (_proc string) (push string output)))))
            (should (network-test--wait (lambda () (not (process-live-p client)))))
            (should (equal (apply #'concat (reverse output)) "42\n"))))
      (server-start t))
    (should-not (server-running-p server-name))))
