;;; iso-transl.el --- C-x 8: typing accented letters and symbols  -*- lexical-binding: t -*-

;; C-x 8 followed by an accent and a letter types the accented letter
;; (C-x 8 ' e is é), followed by a symbol's mnemonic the symbol (C-x 8 * E
;; is €), and C-x 8 RET reads any character by its
;; Unicode name, with completion, or by its hex code (insert-char).  The
;; sequences are Emacs's own, so fingers that know them carry over.

(defvar iso-transl-ctl-x-8-map (make-sparse-keymap)
  "Keymap for C-x 8: accented letters and symbols, and RET for any character.")

(defconst iso-transl-char-map
  '(
   ("!" . ?¡) ("$" . ?¤) ("+" . ?±) ("-" . ?\N{SOFT HYPHEN}) ("." . ?·)
   ("<" . ?«) ("=" . ?¯) (">" . ?») ("?" . ?¿) ("C" . ?©) ("L" . ?£)
   ("P" . ?¶) ("R" . ?®) ("S" . ?§) ("SPC" . ?\N{NO-BREAK SPACE}) ("Y" . ?¥)
   ("[" . ?‘) ("]" . ?’) ("c" . ?¢) ("m" . ?µ) ("o" . ?°) ("u" . ?µ)
   ("x" . ?×) ("{" . ?“) ("|" . ?¦) ("}" . ?”)
   ("\" \"" . ?¨) ("\" A" . ?Ä) ("\" E" . ?Ë) ("\" I" . ?Ï) ("\" O" . ?Ö)
   ("\" SPC" . ?\") ("\" U" . ?Ü) ("\" a" . ?ä) ("\" e" . ?ë) ("\" i" . ?ï)
   ("\" o" . ?ö) ("\" s" . ?ß) ("\" u" . ?ü) ("\" y" . ?ÿ)
   ("' '" . ?´) ("' A" . ?Á) ("' E" . ?É) ("' I" . ?Í) ("' O" . ?Ó)
   ("' SPC" . ?\') ("' U" . ?Ú) ("' Y" . ?Ý) ("' a" . ?á) ("' e" . ?é)
   ("' i" . ?í) ("' o" . ?ó) ("' u" . ?ú) ("' y" . ?ý)
   ("* !" . ?¡) ("* \"" . ?″) ("* $" . ?¤) ("* '" . ?′) ("* *" . ?•)
   ("* +" . ?±) ("* -" . ?\N{SOFT HYPHEN}) ("* ." . ?·) ("* <" . ?«)
   ("* =" . ?¯) ("* >" . ?») ("* ?" . ?¿) ("* C" . ?©) ("* E" . ?€)
   ("* L" . ?£) ("* P" . ?¶) ("* R" . ?®) ("* S" . ?§)
   ("* SPC" . ?\N{NO-BREAK SPACE}) ("* Y" . ?¥) ("* c" . ?¢) ("* m" . ?µ)
   ("* o" . ?°) ("* u" . ?µ) ("* x" . ?×) ("* |" . ?¦)
   (", ," . ?¸) (", C" . ?Ç) (", c" . ?ç)
   ("/ /" . ?÷) ("/ =" . ?≠) ("/ A" . ?Å) ("/ E" . ?Æ) ("/ O" . ?Ø)
   ("/ a" . ?å) ("/ e" . ?æ) ("/ o" . ?ø)
   ("1 +" . ?†) ("1 / 2" . ?½) ("1 / 4" . ?¼)
   ("2 +" . ?‡)
   ("3 / 4" . ?¾)
   ("N o" . ?№)
   ("O E" . ?Œ) ("O e" . ?œ)
   ("^ 1" . ?¹) ("^ 2" . ?²) ("^ 3" . ?³) ("^ A" . ?Â) ("^ E" . ?Ê)
   ("^ I" . ?Î) ("^ O" . ?Ô) ("^ SPC" . ?^) ("^ U" . ?Û) ("^ a" . ?â)
   ("^ e" . ?ê) ("^ i" . ?î) ("^ o" . ?ô) ("^ u" . ?û)
   ("_ -" . ?−) ("_ <" . ?≤) ("_ >" . ?≥) ("_ H" . ?‑) ("_ a" . ?ª)
   ("_ f" . ?‒) ("_ h" . ?‐) ("_ m" . ?—) ("_ n" . ?–) ("_ o" . ?º)
   ("_ q" . ?―)
   ("` A" . ?À) ("` E" . ?È) ("` I" . ?Ì) ("` O" . ?Ò) ("` SPC" . ?\`)
   ("` U" . ?Ù) ("` a" . ?à) ("` e" . ?è) ("` i" . ?ì) ("` o" . ?ò)
   ("` u" . ?ù)
   ("a <" . ?←) ("a =" . ?↔) ("a >" . ?→)
   ("~ =" . ?≈) ("~ A" . ?Ã) ("~ D" . ?Ð) ("~ N" . ?Ñ) ("~ O" . ?Õ)
   ("~ SPC" . ?~) ("~ T" . ?Þ) ("~ a" . ?ã) ("~ d" . ?ð) ("~ n" . ?ñ)
   ("~ o" . ?õ) ("~ t" . ?þ) ("~ ~" . ?¬))
  "Key sequences after C-x 8 and the character each types.")

;; A one-character keyboard macro: the character is typed as if its key
;; existed, so it self-inserts (overwrite mode, undo amalgamation) and a
;; prefix argument repeats it.
(dolist (entry iso-transl-char-map)
  (define-key iso-transl-ctl-x-8-map (kbd (car entry)) (vector (cdr entry))))
(define-key iso-transl-ctl-x-8-map (kbd "RET") #'insert-char)
(define-key ctl-x-map "8" iso-transl-ctl-x-8-map)

(provide 'iso-transl)
