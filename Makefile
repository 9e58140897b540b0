# Two commands do everything on a fresh Debian machine:
#   make run    install what is missing, configure, build, launch the editor
#   make test   the same set-up, then every test through CTest
# make test-asan builds in build-asan/ with asserts on, ASan and UBSan, and runs the same tests.
# make fuzz runs each libFuzzer harness of tests/fuzz for FUZZ_SECONDS.

PACKAGES := g++ make cmake pkg-config libncurses-dev libicu-dev libjansson-dev nettle-dev zlib1g-dev libgmp-dev catch2 tmux
# GNU Emacs's own Lisp sources (.el.gz, no Emacs binary): gapmacs's standard library.
PACKAGES += emacs-el
# Emacs's helper programs (etags makes the TAGS files that etags.el and
# M-. read; no Emacs binary).
PACKAGES += emacs-bin-common
# The terminal types' direct-colour variants (xterm-direct, tmux-direct...):
# 24-bit colours when COLORTERM=truecolor.
PACKAGES += ncurses-term
# ELPA packages the Lisp tests load unchanged: Debian's elpa-* sources,
# downloaded and unpacked into $(ELPA), not installed (some depend on GNU
# Emacs, which is never a dependency here). Chosen by how widely they are
# used, with the elpa-* packages they need.
ELPA_PACKAGES := elpa-dash elpa-s elpa-f elpa-ht elpa-async elpa-magit elpa-magit-section \
  elpa-with-editor elpa-transient elpa-git-commit elpa-company elpa-ivy elpa-counsel elpa-swiper \
  elpa-which-key elpa-use-package elpa-bind-key elpa-diminish elpa-projectile elpa-markdown-mode \
  elpa-yaml-mode elpa-go-mode elpa-rust-mode elpa-lua-mode elpa-web-mode elpa-php-mode \
  elpa-js2-mode elpa-haskell-mode elpa-yasnippet elpa-flycheck elpa-expand-region elpa-avy \
  elpa-ace-window elpa-undo-tree elpa-paredit elpa-rainbow-delimiters elpa-hydra elpa-evil \
  elpa-vertico elpa-orderless elpa-marginalia elpa-consult elpa-embark elpa-editorconfig \
  elpa-hl-todo elpa-git-modes elpa-dockerfile-mode elpa-cmake-mode elpa-popup elpa-htmlize \
  elpa-wgrep elpa-smex elpa-olivetti elpa-page-break-lines elpa-ws-butler elpa-highlight-numbers \
  elpa-zenburn-theme elpa-solarized-theme elpa-elisp-refs elpa-helpful elpa-package-lint \
  elpa-compat elpa-let-alist elpa-queue elpa-spinner elpa-move-text elpa-visual-fill-column \
  elpa-csv-mode elpa-nginx-mode elpa-anzu elpa-goto-chg elpa-lv elpa-parent-mode elpa-pkg-info \
  elpa-epl
ELPA := build-elpa
JOBS     := $(shell nproc 2>/dev/null || echo 2)
BUILD    := build
ASAN     := build-asan
ARGS     ?=

.PHONY: all setup build run demo test test-asan bench clean fuzz-setup fuzz elpa

all: build

# Install the Debian packages that are missing (needs root; otherwise say what to run).
setup:
	@missing=""; for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	  else \
	    echo "missing packages:$$missing -- run: sudo apt-get install$$missing" >&2; exit 1; \
	  fi; \
	fi

$(BUILD)/CMakeCache.txt: | setup
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release

build: setup $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

# The terminal editor, on *scratch* or on the files in ARGS (make run ARGS=FILE).
run: build
	./$(BUILD)/ui/gapmacs $(ARGS)

# The batch demo (lisp/demo.el): the seed's process forms, timed, as a table.
demo: build
	./$(BUILD)/ui/gapmacs --batch -Q -l lisp/demo.el

# The ELPA packages' sources under $(ELPA)/root (the tests find them
# there), fetched again when this list changes. apt-get download needs no
# root, only package lists: when they are missing, root refreshes them.
elpa: $(ELPA)/stamp
$(ELPA)/stamp: Makefile | setup
	rm -rf $(ELPA) && mkdir -p $(ELPA)/debs $(ELPA)/root
	cd $(ELPA)/debs && { apt-get download $(ELPA_PACKAGES) 2>/dev/null || \
	  { [ "$$(id -u)" = 0 ] && apt-get update -qq && apt-get download $(ELPA_PACKAGES); }; }
	for deb in $(ELPA)/debs/*.deb; do dpkg-deb -x $$deb $(ELPA)/root || exit 1; done
	touch $@

# The tests keep their load cache (docs/lisp-lite.md) in the build tree,
# emptied first: a library's first load in a run expands its source, the
# next ones read what that wrote, so both paths run.
test: setup build elpa
	rm -rf $(BUILD)/load-cache
	cd $(BUILD) && GAPMACS_LOAD_CACHE=$(abspath $(BUILD))/load-cache ctest --output-on-failure -j $(JOBS)

# Debug: the asserts run here (the Release build defines NDEBUG); -O1 keeps
# the sanitized suite fast enough for CI, and -g1 (line tables: the
# sanitizers' reports keep their file:line) compiles in two thirds of -g's
# time.
$(ASAN)/CMakeCache.txt: | setup
	cmake -S . -B $(ASAN) -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" -DGAPMACS_SANITIZE=ON

test-asan: setup elpa $(ASAN)/CMakeCache.txt
	cmake --build $(ASAN) -j $(JOBS)
	rm -rf $(ASAN)/load-cache
	cd $(ASAN) && GAPMACS_LOAD_CACHE=$(abspath $(ASAN))/load-cache ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j $(JOBS)

bench: build
	bench/run

# Fuzzing: clang and the runtime libFuzzer is in (libclang-rt-14-dev on
# Debian 12: `dpkg -S libclang_rt.fuzzer`), installed here only, not by
# `make test`. Each harness runs FUZZ_SECONDS on a working copy of its seed
# corpus (in $(FUZZ)/corpus/NAME), so what it finds stays out of the tree;
# crashes land in $(FUZZ)/crashes/NAME/. Add a crash input to
# tests/fuzz/corpus/NAME/ under a name saying what it was once fixed.
FUZZ         := build-fuzz
FUZZ_SECONDS ?= 60
FUZZERS      := reader eval decoder buffer regexp redisplay
FUZZ_PACKAGES := clang libclang-rt-14-dev

fuzz-setup:
	@$(MAKE) --no-print-directory setup PACKAGES="$(FUZZ_PACKAGES) cmake make pkg-config libncurses-dev libicu-dev libjansson-dev nettle-dev zlib1g-dev libgmp-dev catch2"

$(FUZZ)/CMakeCache.txt: | fuzz-setup
	cmake -S . -B $(FUZZ) -DCMAKE_CXX_COMPILER=clang++ -DGAPMACS_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo

fuzz: fuzz-setup $(FUZZ)/CMakeCache.txt
	cmake --build $(FUZZ) -j $(JOBS) $(addprefix --target fuzz_,$(FUZZERS))
	@for f in $(FUZZERS); do \
	  mkdir -p $(FUZZ)/corpus/$$f $(FUZZ)/crashes/$$f; \
	  cp -n tests/fuzz/corpus/$$f/* $(FUZZ)/corpus/$$f/ 2>/dev/null; \
	  echo "== fuzz_$$f for $(FUZZ_SECONDS) s"; \
	  ASAN_OPTIONS=detect_leaks=0 ./$(FUZZ)/tests/fuzz/fuzz_$$f $(CURDIR)/$(FUZZ)/corpus/$$f \
	    -max_total_time=$(FUZZ_SECONDS) -timeout=20 -rss_limit_mb=2048 -close_fd_mask=1 \
	    -artifact_prefix=$(CURDIR)/$(FUZZ)/crashes/$$f/ -print_final_stats=1 || exit 1; \
	done

clean:
	rm -rf $(BUILD) $(ASAN) $(FUZZ) $(ELPA)
