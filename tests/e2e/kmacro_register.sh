# A keyboard macro kept in a register, as Emacs's kmacro.el keeps it (its
# kmacro-register type needs Emacs's cl-generic, which the editor loads
# after its bundled Lisp): M-x kmacro-to-register, C-x r j runs the macro,
# C-x r i inserts its keys. The bundled Lisp loads without an error.
source "$(dirname "$0")/lib.sh"
needs_emacs_library
printf 'one\ntwo\nthree\n' > "$WORK/words"
start words
wait_for "words"
keys C-x "("
wait_for "Def)"
keys C-e "!" C-n
keys C-x ")"
wait_for "Keyboard macro defined"
keys M-x
type_text "kmacro-to-register"
keys Enter
wait_for "Save to register"
keys k
keys C-x r j k
wait_row 1 "two!"
keys C-x r i k
wait_row 2 "threC-e ! C-ne"
keys C-x b
type_text "*Messages*"
keys Enter
wait_for "Messages"
screen | grep -q "Error loading the bundled Lisp" && fail "the bundled Lisp did not load"
keys C-x b Enter
wait_for "words"
keys C-x C-s
expect_file "$WORK/words" $'one!\ntwo!\nthreC-e ! C-ne\n'
