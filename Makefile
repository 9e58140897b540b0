# Two commands do everything on a fresh Debian machine:
#   make run    install what is missing, configure, build, launch the editor
#   make test   the same set-up, then every test through CTest
# make test-asan builds in build-asan/ with ASan+UBSan and runs the same tests.

PACKAGES := g++ make cmake pkg-config libncurses-dev libicu-dev catch2 tmux
JOBS     := $(shell nproc 2>/dev/null || echo 2)
BUILD    := build
ASAN     := build-asan
ARGS     ?=

.PHONY: all setup build run demo test test-asan bench clean

all: build

# Install the Debian packages that are missing (needs root; otherwise say what to run).
setup:
	@missing=""; for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
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

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

$(ASAN)/CMakeCache.txt: | setup
	cmake -S . -B $(ASAN) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGAPMACS_SANITIZE=ON

test-asan: setup $(ASAN)/CMakeCache.txt
	cmake --build $(ASAN) -j $(JOBS)
	cd $(ASAN) && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j $(JOBS)

bench: build
	bench/run

clean:
	rm -rf $(BUILD) $(ASAN)
