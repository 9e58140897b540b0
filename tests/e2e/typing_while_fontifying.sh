# Keys never wait on fontification: what a command changed is drawn at
# once with the faces the text had, then fontified; a key typed while
# redisplay's fontification-functions run interrupts them and is drawn,
# and the text is fontified when the typing stops.
# Here a jit-lock function that takes 6 s once the buffer is modified (a
# Lisp loop, as CC Mode's slow parts are) makes bold what it fontifies.
source "$(dirname "$0")/lib.sh"
printf 'first line\n' > "$WORK/notes.txt"
cat > "$WORK/slow.el" <<'EOF'
(defun slow-fontify (beg end)
  (when (buffer-modified-p)
    (let ((until (+ (float-time) 6)))
      (while (< (float-time) until))))
  (put-text-property beg end 'face 'bold))
(add-hook 'find-file-hook (lambda () (jit-lock-register #'slow-fontify)))
EOF
start -l slow.el notes.txt
wait_for "first line" 10
bold() { T capture-pane -p -e -t 0 | grep -cF $'\e[1m'"$1" || true; }
[[ $(bold "first line") -ge 1 ]] || fail "the text was not fontified before it was shown"
# Each key is drawn before what it changed is fontified (6 s), and the
# second comes while the first one's fontification runs.
t0=$(date +%s%N)
type_text "a"
wait_for "afirst line" 10
shown=$(( ($(date +%s%N) - t0) / 1000000 ))
(( shown < 3000 )) || fail "the first key waited ${shown} ms for fontification"
sleep 0.5
t0=$(date +%s%N)
type_text "b"
wait_for "abfirst line" 10
shown=$(( ($(date +%s%N) - t0) / 1000000 ))
(( shown < 3000 )) || fail "the second key waited ${shown} ms for fontification"
# Unfontified text keeps its faces until it is fontified again.
[[ $(bold "first line") -ge 1 ]] || fail "the faces went while the text waited"
# Once the typing stops, the interrupted text is fontified: the new
# characters become bold too.
end=$(( $(date +%s) + 30 ))
until [[ $(bold "abfirst line") -ge 1 ]]; do
    (( $(date +%s) < end )) || { T capture-pane -p -e -t 0 | cat -v; fail "the typed text was never fontified"; }
    sleep 0.2
done
keys C-x C-c
wait_for "Save file" 5
keys n
wait_for "exit anyway" 5
type_text "yes"
keys Enter
wait_for "EXITED 0" 10
