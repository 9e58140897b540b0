;;; cl.el --- the old, unprefixed Common Lisp names  -*- lexical-binding: t -*-

;; Emacs 28 still ships the obsolete `cl' package, which gives cl-lib's
;; functions and macros their names without the cl- prefix; old packages
;; (require 'cl) and use them.  Each name becomes an alias of the cl-lib
;; one, unless it is already defined (so core functions such as `member',
;; `remove' or `sort' keep their own meaning, as in Emacs).

(require 'cl-lib)

(dolist (name '(gensym gentemp plusp minusp evenp oddp signum first second third fourth fifth
                sixth seventh eighth ninth tenth rest endp list-length tailp ldiff copy-list
                list* acons pairlis values values-list gcd lcm isqrt floor* ceiling*
                truncate* round* mod* rem* block return return-from defun* defsubst* defmacro*
                function* destructuring-bind case ecase typecase etypecase dolist* dotimes*
                do do* psetq psetf rotatef shiftf pushnew callf callf2 progv multiple-value-bind
                multiple-value-setq multiple-value-list multiple-value-call the declare declaim
                locally eval-when load-time-value proclaim assert check-type flet flet* labels
                macrolet symbol-macrolet letf letf* typep deftype coerce defstruct remove-if
                remove-if-not remove* delete* delete-if delete-if-not position position-if
                position-if-not find find-if find-if-not count count-if count-if-not member*
                member-if member-if-not assoc* assoc-if rassoc* rassoc-if adjoin reduce mapcar*
                map maplist mapl mapcon some every notany notevery subseq sort* stable-sort merge
                remove-duplicates delete-duplicates union nunion intersection nintersection
                set-difference nset-difference set-exclusive-or subsetp substitute-if substitute
                nsubstitute nsubstitute-if subst subst-if sublis tree-equal fill replace mismatch
                search concatenate getf get* remf remprop random* random-state-p
                make-random-state loop incf decf))
  (let* ((base (symbol-name name))
         (target (intern (concat "cl-" (if (string-suffix-p "*" base)
                                             (let ((plain (substring base 0 -1)))
                                               (if (fboundp (intern (concat "cl-" base))) base plain))
                                           base)))))
    (when (and (fboundp target) (not (fboundp name)))
      (defalias name target))))

(provide 'cl)

;;; cl.el ends here
