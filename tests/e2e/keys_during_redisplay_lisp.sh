# A key typed while redisplay runs Lisp (here a mode line whose :eval takes
# 0.3 s) waits for that Lisp to stop and then runs: C-x, then b arriving
# mid-redisplay, is C-x b. The interrupt once escaped redisplay as an error
# ("Redisplay interrupted by input") and both keys were lost (seen in CI:
# C-x d right after start-up, under the sanitizers).
source "$(dirname "$0")/lib.sh"
cat > "$WORK/.gapmacs.el" <<'LISP'
(defun e2e-slow-lighter ()
  (let ((end (+ (float-time) 0.3)))
    (while (< (float-time) end)))
  "")
(setq-default mode-line-process '(:eval (e2e-slow-lighter)))
LISP
start
wait_for "*scratch*"
settle 1
keys C-x
sleep 0.1
keys b
wait_for "Switch to buffer" 10
keys C-g
settle 1
keys C-x
sleep 0.1
keys b
wait_for "Switch to buffer" 10
[[ "$(screen)" != *"Redisplay interrupted"* ]] || fail "the interrupt escaped redisplay"
