# Issue 21: C-x p f in a git project whose listing is slow, as a user meets
# it: the minibuffer opens while git still lists, TAB completes over the
# names found so far (substring, as Emacs's project-file category), the
# prompt counts them and says when the scan is complete, RET visits, and
# C-g stops a scan. git is slowed by a wrapper (vc-git-program, set in the
# init file) that prints doc/'s names and waits for a file named go before
# the rest. Needs Emacs's library (emacs-el) and git.
source "$(dirname "$0")/lib.sh"
needs_emacs_library git
D=$WORK/p
mkdir -p "$D/src" "$D/doc"
printf 'int alpha;\n' > "$D/src/a.c"
printf 'notes\n' > "$D/doc/notes.txt"
for i in $(seq 1 300); do printf 'nothing\n' > "$D/src/f$i.txt"; done
git -C "$D" init -q
cat > "$WORK/slow-git" <<EOF
#!/bin/sh
if [ "\$1" = ls-files ]; then
    git "\$@" | tr '\\0\\n' '\\n\\0' | grep '^doc/' | tr '\\0\\n' '\\n\\0'
    while [ ! -e "$WORK/go" ]; do sleep 0.05; done
    git "\$@" | tr '\\0\\n' '\\n\\0' | grep -v '^doc/' | tr '\\0\\n' '\\n\\0'
    exit
fi
exec git "\$@"
EOF
chmod +x "$WORK/slow-git"
printf '(setq vc-git-program "%s")\n' "$WORK/slow-git" > "$WORK/.gapmacs.el"
start p/doc/notes.txt
wait_for "notes.txt "
keys C-x p f
# The first C-x p f loads project.el, xref.el and grep.el (slow under the
# sanitizers).
wait_for "Find file in ~/p/ (1 file, scanning):" 60
# Only doc/notes.txt so far: "a.c" matches nothing yet.
type_text "a.c"
keys Tab
wait_for "[No match]"
touch "$WORK/go"
wait_for "Find file in ~/p/ (302 files):" 20
keys Tab
wait_for "(302 files): src/a.c"
keys Enter
wait_for "F1  a.c "
# Again, with the listing held: C-g stops it.
rm "$WORK/go"
keys C-x p f
wait_for "(1 file, scanning):"
type_text "not"
keys Tab
wait_for "scanning): doc/notes.txt"
keys C-g
wait_for "Quit"
settle 0.5
if pgrep -f "$WORK/slow-git" >/dev/null; then fail "the listing still runs after C-g"; fi
# A name found in the full scan visits its file.
touch "$WORK/go"
keys C-x p f
wait_for "(302 files):"
type_text "f299"
keys Tab
wait_for "(302 files): src/f299.txt"
keys Enter
wait_for "F1  f299.txt "
