# Code is coloured as in emacs -nw: a C file opens in CC Mode with
# font-lock on (global-font-lock-mode, jit-lock through redisplay's
# fontification-functions), its faces from Emacs's own defface specs for a
# 256-colour terminal with a dark background (TERM=screen-256color): the
# colour numbers emacs -nw -Q shows there (chocolate1 comments, 208...).
# Text typed later is coloured at once. The mode line has Emacs's colours.
source "$(dirname "$0")/lib.sh"
printf 'int main(void)\n{\n  /* comment */\n  const char *s = "str";\n  return 0;\n}\n' > "$WORK/prog.c"
start prog.c
wait_for "(C/*l" 60
wait_colour $'\e[38;5;208m/* comment */' 20 "comment"
wait_colour $'\e[38;5;216m"str"' 2 "string"
wait_colour $'\e[38;5;120mint' 2 "type"
wait_colour $'\e[38;5;117mmain' 2 "function name"
wait_colour $'\e[96mconst' 2 "keyword"
# The editor's own faces are Emacs's too: its mode line, black on grey.
wait_colour $'\e[30m\e[48;5;250m-U' 2 "mode line"
keys 'M->'
type_text "// later"
wait_colour $'\e[38;5;208m// later' 5 "new comment"
