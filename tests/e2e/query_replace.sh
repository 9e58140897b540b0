# M-% asks at each match: y replaces, n skips, ! replaces the rest.
source "$(dirname "$0")/lib.sh"
printf 'cat cat cat cat\n' > "$WORK/pets"
start pets
wait_for "pets"
keys M-%
wait_for "Query replace"
type_text "cat"
keys Enter
type_text "dog"
keys Enter
wait_for "Query replacing cat with dog"
keys y n !
wait_for "dog cat dog dog"
keys C-x C-s
wait_for "Wrote"
expect_file "$WORK/pets" $'dog cat dog dog\n'
