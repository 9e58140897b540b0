# C-x C-s warns when the file changed on disk since it was read, and saves
# only when told to; the first edit of a buffer whose file changed asks first
# (issue #18), even when the new file has the old one's mtime (cp -p).
source "$(dirname "$0")/lib.sh"
printf 'mine\n' > "$WORK/shared"
start shared
wait_for "shared"
type_text "edit "
wait_for "edit mine"
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
# Replaced behind our back with the same mtime, as cp -p does: the first
# edit asks; n leaves the buffer as it was, y goes on.
printf 'replaced by cp -p, longer\n' > "$WORK/other"
touch -r "$WORK/shared" "$WORK/other"
cp -p "$WORK/other" "$WORK/shared"
type_text "x"
wait_for "changed on disk; really edit the buffer? (y, n, r or C-h)"
type_text "n"
wait_for "File changed on disk"
expect_row 0 "edit again mine"
type_text "y"
wait_for "changed on disk; really edit the buffer?"
type_text "y"
wait_for "edit again ymine"
