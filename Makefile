# The two set-up commands: `make run` and `make test`. Both install what is
# missing (scripts/install-deps.sh), build, and then serve or test.
# `make run` starts the game server (docs/server.md) and prints the address to
# open; `make run ARGS="play ddm"` plays in the terminal instead.
JOBS ?= 2
ARGS ?= serve

.PHONY: run test deps web build plain release asan fuzz-build fuzz format bench clean cluster

deps:
	@./scripts/install-deps.sh

# The browser client: web/ built by npm from its lockfile into web/dist.
web: deps
	@./scripts/build-web.sh

release: deps
	@cmake --preset release >/dev/null
	@cmake --build --preset release -j $(JOBS)

run: release web
	./build/release/src/cli/tabletop $(ARGS)

# A local cluster (docs/server.md, "Several processes"): a throwaway PostgreSQL,
# N `tabletop serve --cluster` processes and HAProxy in front; it prints the
# proxy's address to open, and Ctrl-C stops everything.
N ?= 3
cluster: release web
	./scripts/cluster.py --nodes $(N) --tabletop build/release/src/cli/tabletop

build: deps
	@cmake --preset dev >/dev/null
	@cmake --build --preset dev -j $(JOBS)

# CI's plain build: the dev build without the GoogleTest programs, which
# the ASan+UBSan build runs (with assertions on); what it builds and runs is
# what the sanitizer build does not: the browser, Python, docs, data, load
# and cluster tests against a plain `tabletop`.
plain: deps
	@cmake --preset plain >/dev/null
	@cmake --build --preset plain -j $(JOBS)

asan: deps
	@cmake --preset asan >/dev/null
	@cmake --build --preset asan -j $(JOBS)

# The libFuzzer targets (clang, ASan+UBSan; only the two fuzz programs are built).
fuzz-build: deps
	@cmake --preset fuzz >/dev/null
	@cmake --build --preset fuzz -j $(JOBS)

# Every test, each in one build (warnings as errors in both): the GoogleTest
# programs under ASan+UBSan with assertions on, and the rest (browser,
# Python, docs, data, load, cluster) in the plain build. The sanitizer
# build's tests end with a bounded fuzz run (the fuzz targets replaying their
# seeds and mutations of them: docs/fuzzing.md). `make build` and
# `ctest --preset dev` run every test in a debug build instead.
test: plain asan web
	ctest --preset plain -j $(JOBS)
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --preset asan -j $(JOBS)

# A long fuzz run (FUZZ_SECONDS per target, DDM states included); findings are
# kept in build/fuzz/findings and the run goes on.
FUZZ_SECONDS ?= 600
fuzz: fuzz-build
	./tests/fuzz/run.sh build/fuzz $(FUZZ_SECONDS) --long

# Playout speed (bench/playout_bench.cpp), per game and table size: FreshDeal
# (setting up one game), FreshGame (whole random games, a fresh deal each),
# RandomPlayout (whole random games from one fixed start), clones, option
# lists, a greedy decision. `tabletop bench` prints FreshGame and RandomPlayout
# alike. BENCH_ARGS passes Google Benchmark flags; the README's medians:
#   make bench BENCH_ARGS="--benchmark_repetitions=5 --benchmark_report_aggregates_only=true"
BENCH_ARGS ?=
bench: release
	./build/release/bench/playout_bench $(BENCH_ARGS)

format:
	@find src tests bench tools python/src -name '*.cpp' -o -name '*.h' | xargs clang-format -i

clean:
	rm -rf build
