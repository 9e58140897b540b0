#!/bin/bash
# Issue 11: SIGKILL the editor in the middle of saving a 200 MB buffer.
# After every kill the file must be the old content or the new, whole
# (compared by size and checksum), and nothing may be left beside it: the
# save writes an unnamed temporary file (O_TMPFILE) that gets its name
# only just before the rename, so a kill while writing leaves nothing (the
# kernel frees the unnamed file). On a file system without O_TMPFILE the
# editor falls back to a named .#NAME.XXXXXX, and this test fails there.
#
# Usage: GAPMACS=path/to/gapmacs bash save_sigkill.sh
# SAVE_KILL_ITERATIONS (default 4: about 30 s here) sets the number of kills;
# issue 11 asks 100 (SAVE_KILL_ITERATIONS=100, several minutes).
# SAVE_KILL_MB sets the size (default 200).
set -euo pipefail
: "${GAPMACS:?GAPMACS must name the binary}"
N=${SAVE_KILL_ITERATIONS:-4}
MB=${SAVE_KILL_MB:-200}
WORK=$(mktemp -d)
pid=
cleanup() {
    [ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT
cd "$WORK"

size=$((MB * 1000000))
# Old: SIZE 'a's. New: SIZE+1 'b's (another size and another text).
head -c "$size" /dev/zero | tr '\0' a > f
old_sum=$(md5sum < f)
head -c $((size + 1)) /dev/zero | tr '\0' b > new.ref
new_sum=$(md5sum < new.ref)
rm new.ref
old_size=$size
new_size=$((size + 1))

# The editor: visit f, replace its text, say "saving" on stderr, save.
form="(progn (setq make-backup-files nil large-file-warning-threshold nil) (find-file \"$WORK/f\")
  (erase-buffer) (insert-char ?b $new_size)
  (message \"saving\") (save-buffer) (message \"saved\"))"

# How long one save takes here, from "saving" to the editor's exit: the
# kills then fall at random moments inside it.
ms() { echo $(( $(date +%s%N) / 1000000 )); }
"$GAPMACS" --batch -Q -l loadup --eval "$form" 2>log &
pid=$!
until grep -q saving log 2>/dev/null; do sleep 0.01; done
t0=$(ms)
wait "$pid"
pid=
save_ms=$(( $(ms) - t0 + 1 ))
head -c "$size" /dev/zero | tr '\0' a > f
echo "an uninterrupted save takes ${save_ms} ms"

olds=0 news=0 leftovers=0 killed_after_save=0
for ((i = 1; i <= N; i++)); do
    rm -f log
    "$GAPMACS" --batch -Q -l loadup --eval "$form" 2>log &
    pid=$!
    # Wait until the save starts, then kill at a random moment within it
    # (a save of 200 MB takes 0.5-5 s here, mostly fsync).
    for ((w = 0; w < 600; w++)); do
        grep -q saving log 2>/dev/null && break
        sleep 0.05
    done
    grep -q saving log || { echo "iteration $i: the editor never started saving"; cat log; exit 1; }
    delay_ms=$((RANDOM % save_ms))
    sleep "$(awk "BEGIN { print $delay_ms / 1000 }")"
    kill -KILL "$pid" 2>/dev/null || killed_after_save=$((killed_after_save + 1))
    wait "$pid" 2>/dev/null || true
    pid=

    # The file: old or new, whole.
    actual_size=$(stat -c %s f)
    actual_sum=$(md5sum < f)
    if [ "$actual_size" = "$old_size" ] && [ "$actual_sum" = "$old_sum" ]; then
        olds=$((olds + 1)); state=old
    elif [ "$actual_size" = "$new_size" ] && [ "$actual_sum" = "$new_sum" ]; then
        news=$((news + 1)); state=new
    else
        echo "iteration $i (killed after ${delay_ms} ms): f is neither old nor new: $actual_size bytes"
        exit 1
    fi

    # What is left beside it: f and the log, nothing else but the lock
    # (.#f, a symbolic link the killed editor held while the buffer had
    # changes to save, as a killed Emacs leaves it; the next editor takes a
    # lock whose process is gone).
    others=$(find . -mindepth 1 -maxdepth 1 ! -name f ! -name log ! \( -name '.#f' -type l \))
    count=$(printf '%s' "$others" | grep -c . || true)
    if [ "$count" != 0 ]; then
        echo "iteration $i (killed after ${delay_ms} ms): left beside the file:"; ls -la; exit 1
    fi
    leftovers=$((leftovers + count))
    echo "iteration $i: killed ${delay_ms} ms into the save: $state, $count temporary file(s) left"
    # Put the old text back for the next round half of the time, so that
    # both "old" and "new" outcomes are meaningful.
    if [ "$state" = new ] && ((i % 2 == 0)); then
        head -c "$size" /dev/zero | tr '\0' a > f
    fi
done

# A save after the kills, not killed: completes, and the file is new.
"$GAPMACS" --batch -Q -l loadup --eval "$form" 2>log || { cat log; exit 1; }
[ "$(stat -c %s f)" = "$new_size" ] && [ "$(md5sum < f)" = "$new_sum" ] || { echo "the save after the kills failed"; exit 1; }
left_now=$(find . -maxdepth 1 -name '.#f.*' | wc -l)
[ "$left_now" = 0 ] || { echo "a complete save left $left_now temporary files"; exit 1; }
echo "summary: $N kills: $olds old, $news new, never torn; $leftovers temporary files left by kills ($killed_after_save kills came after the save ended)"
