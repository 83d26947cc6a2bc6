#!/usr/bin/env bash
# Runs the fuzz targets (docs/fuzzing.md).
#   run.sh BUILD_DIR SECONDS          bounded run (ctest, `make test`): each target
#                                     for SECONDS, stops at the first finding
#   run.sh BUILD_DIR SECONDS --long   long run (`make fuzz`): findings are kept
#                                     and the run goes on
# Seeds, all four games: every scenario file, tests/fuzz/seeds/setups (every
# game and variant; the long run adds setups-more: every seat count) and
# tests/fuzz/seeds/<target>. New inputs go
# to BUILD_DIR/corpus/<target>, findings to BUILD_DIR/findings/.
set -euo pipefail
build=${1:?build directory}
seconds=${2:?seconds per target}
mode=${3:-}
src=$(cd "$(dirname "$0")/../.." && pwd)
# The fuzz programs: in BUILD_DIR itself (ctest) or in its tests/fuzz.
bin=$build
[ -x "$bin/fuzz_load" ] || bin="$build/tests/fuzz"
games=(suikoden ddm lastchronicle magic)
extra=()
setups=("$src/tests/fuzz/seeds/setups")
if [ "$mode" = "--long" ]; then
  setups+=("$src/tests/fuzz/seeds/setups-more")
  # Keep going after a finding: each one is saved and the run continues.
  extra=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
fi
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
mkdir -p "$build/findings"
status=0
for target in fuzz_load fuzz_protocol; do
  corpus="$build/corpus/$target"
  mkdir -p "$corpus"
  seeds=("$src/tests/fuzz/seeds/$target" "${setups[@]}")
  for g in "${games[@]}"; do seeds+=("$src/tests/$g/scenarios"); done
  log="$build/findings/$target.log"
  echo "== $target: ${seconds}s from ${#seeds[@]} seed folders"
  if ! "$bin/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
      -max_len=16384 -print_final_stats=1 -artifact_prefix="$build/findings/" \
      "${extra[@]}" "$corpus" "${seeds[@]}" >"$log" 2>&1; then
    status=1
    echo "$target: FINDING (log: $log)"
    grep -E "ERROR|runtime error|SUMMARY|Test unit written" "$log" | head -20 || true
  fi
  runs=$(grep -Eo "stat::number_of_executed_units: *[0-9]+" "$log" | grep -Eo "[0-9]+$" | tail -1 || true)
  [ -n "$runs" ] || runs=$(grep -Eo "#[0-9]+" "$log" | tail -1 | tr -d '#' || true)
  echo "$target: ${runs:-?} executions in ${seconds}s"
done
if [ "$mode" = "--long" ]; then
  ls "$build/findings" | grep -E "^(crash|timeout|oom|leak)-" || echo "no findings"
fi
exit $status
