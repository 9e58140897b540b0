# M-s o lists the matching lines in *Occur* in another window; RET there
# visits a line's first match; M-g n from the searched buffer walks the
# listed lines, as next-error does for grep.
source "$(dirname "$0")/lib.sh"
printf 'alpha beta\nGamma alpha alpha\nnothing\nend ALPHA\n' > "$WORK/words"
start words
wait_for "words"
keys M-s o
wait_for "List lines matching regexp:"
type_text "alph"
keys Enter
wait_for "4 matches in 3 lines for \"alph\" in buffer: words"
wait_for "      4:end ALPHA"
keys M-g n
type_text "1"
keys M-g n
type_text "2"
keys M-g n
type_text "3"
wait_for "end 3ALPHA"
screen | grep -q "^1alpha beta" || fail "M-g n did not visit line 1"
screen | grep -q "^Gamma 2alpha alpha" || fail "M-g n did not visit line 2's first match"
keys M-g n
wait_for "No more matches"
keys C-x o
keys M-"<" n n Enter
type_text "!"
wait_for "Gamma !2alpha"
