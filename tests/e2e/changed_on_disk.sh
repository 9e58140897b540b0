# C-x C-s warns when the file changed on disk since it was read, and saves
# only when told to.
source "$(dirname "$0")/lib.sh"
printf 'mine\n' > "$WORK/shared"
start shared
wait_for "shared"
type_text "edit "
printf 'theirs\n' > "$WORK/shared"
touch -d '+5 seconds' "$WORK/shared"
keys C-x C-s
wait_for "shared has changed since visited or saved"
type_text "no"
keys Enter
wait_for "Save not confirmed"
expect_file "$WORK/shared" $'theirs\n'
keys C-x C-s
wait_for "has changed since visited"
type_text "yes"
keys Enter
wait_for "Wrote"
expect_file "$WORK/shared" $'edit mine\n'
type_text "again "
keys C-x C-s
wait_for "Wrote"                               # no question: the modtime was recorded
expect_file "$WORK/shared" $'edit again mine\n'
