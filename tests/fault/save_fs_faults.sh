#!/bin/bash
# Issue 11: saving when the disk is full, when the directory is on a
# read-only file system, and through a symlink into a read-only place.
# Each time: a clear error, the buffer still modified (nothing lost), the
# file on disk the old one, and no temporary file left in either directory.
#
# Permissions do not stop root, so the faults are real file systems: a
# 1 MB tmpfs, and a tmpfs remounted read-only, mounted in a private mount
# namespace (unshare -m as root, unshare -rm in a user namespace otherwise)
# that vanishes with the test.
#
# Usage: GAPMACS=path/to/gapmacs bash save_fs_faults.sh
set -euo pipefail
: "${GAPMACS:?GAPMACS must name the binary}"

if [ "${SAVE_FAULTS_IN_NAMESPACE:-}" != 1 ]; then
    flags=-m
    [ "$(id -u)" = 0 ] || flags=-rm
    if ! unshare $flags true 2>/dev/null; then
        echo "SKIPPED: unshare $flags is not permitted here, so no tmpfs can be mounted"
        exit 77
    fi
    SAVE_FAULTS_IN_NAMESPACE=1 exec unshare $flags bash "$0" "$@"
fi

WORK=$(mktemp -d)
trap 'umount "$WORK"/small "$WORK"/ro 2>/dev/null || true; rm -rf "$WORK"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# Saves N new characters over FILE; prints the result line the editor gives.
# (A file on a read-only file system is visited read-only, as in Emacs: the
# user makes the buffer writable, C-x C-q, to try.)
save_over() {
    local file=$1 n=$2
    "$GAPMACS" --batch -Q -l loadup --eval "(progn (setq make-backup-files nil)
      (find-file \"$file\") (setq buffer-read-only nil) (erase-buffer) (insert-char ?n $n)
      (condition-case e (progn (save-buffer) (princ \"saved\"))
        (error (princ (format \"error: %s; modified: %s\" (error-message-string e) (buffer-modified-p))))))" 2>/dev/null
}

# Only the names given may be in DIR.
expect_only() {
    local dir=$1; shift
    local got want
    got=$(ls -A "$dir" | sort | tr '\n' ' ')
    want=$(printf '%s\n' "$@" | sort | tr '\n' ' ')
    [ "$got" = "$want" ] || fail "$dir holds '$got', expected '$want'"
}

# 1. The disk is full: 1 MB of room, 2 MB to write.
mkdir "$WORK/small"
mount -t tmpfs -o size=1m tmpfs "$WORK/small"
printf 'old text\n' > "$WORK/small/f"
out=$(save_over "$WORK/small/f" 2000000)
echo "disk full: $out"
[[ "$out" == "error: "*"No space left on device"*"; modified: t" ]] || fail "disk full: $out"
[ "$(cat "$WORK/small/f")" = "old text" ] || fail "disk full: the file changed"
expect_only "$WORK/small" f
# With room again, the same save goes through.
out=$(save_over "$WORK/small/f" 1000)
[ "$out" = saved ] && [ "$(stat -c %s "$WORK/small/f")" = 1000 ] || fail "save after the disk full: $out"

# 2. The directory is on a read-only file system.
mkdir "$WORK/ro"
mount -t tmpfs -o size=1m tmpfs "$WORK/ro"
printf 'old text\n' > "$WORK/ro/f"
mount -o remount,ro "$WORK/ro"
out=$(save_over "$WORK/ro/f" 100)
echo "read-only: $out"
[[ "$out" == "error: "*"Read-only file system"*"; modified: t" ]] || fail "read-only: $out"
[ "$(cat "$WORK/ro/f")" = "old text" ] || fail "read-only: the file changed"
expect_only "$WORK/ro" f

# 3. A symlink in a writable directory into the read-only place: the save
# goes through the link (as Emacs), so it fails there, and the link stays.
mkdir "$WORK/links"
ln -s "$WORK/ro/f" "$WORK/links/f"
out=$(save_over "$WORK/links/f" 100)
echo "symlink into read-only: $out"
[[ "$out" == "error: "*"Read-only file system"*"; modified: t" ]] || fail "symlink: $out"
[ -L "$WORK/links/f" ] || fail "symlink: the link was replaced"
[ "$(cat "$WORK/ro/f")" = "old text" ] || fail "symlink: the target changed"
expect_only "$WORK/links" f
expect_only "$WORK/ro" f
echo "all saves failed cleanly"
