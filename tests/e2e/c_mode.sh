# Emacs's own CC Mode in the editor: M-x c-mode, then C-x h C-M-\ indents
# as Emacs 28 does. It stood on byte-code (nadvice.el's advice objects),
# obarrays (c-lang-constants) and the backtrace (its change hooks), and on
# cl-lib using Emacs's cl-preloaded.el when the editor loads it at start-up.
source "$(dirname "$0")/lib.sh"
printf 'int main(int argc, char **argv)\n{\nif (argc > 1) {\nprintf("hi\\n");\n}\nreturn 0;\n}\n' > "$WORK/prog.c"
start prog.c
wait_for "prog.c"
keys M-x
wait_for "M-x"
type_text "c-mode"
keys Enter
wait_for "(C/*l Abbrev)" 60
keys C-x h
keys C-M-\\
wait_for "Indenting region...done" 60
screen | grep -qxF '  if (argc > 1) {' || fail "the if is not indented by 2"
screen | grep -qxF '    printf("hi\n");' || fail "the call is not indented by 4"
screen | grep -qxF '  return 0;' || fail "the return is not indented by 2"
