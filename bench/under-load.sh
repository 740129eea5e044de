#!/usr/bin/env bash
# simhadr on a busy host: one CPU hog per core (a shell loop at normal
# priority), then primary and standby as two processes on loopback, ours and
# the original (SIMHADR_REF=/path/to/simhadr_linux) in alternating rounds.
# Prints medians of MB/s, the ratio ours/original and the CPU seconds of each
# pair; then what a SYNC flush costs against the disk model, how closely
# -target is held, and each program's distance from -model's figure.
# Not a test: it prints figures (docs/guide/performance.md records them).
# Usage: bench/under-load.sh [rounds, default 3] [seconds per run, default 2] [hogs, default nproc]
# PIN_SIDES=1 runs each primary on CPU 0 and each standby on CPU 1, hog i on
# CPU i: two hosts, each with its own busy CPU, for both programs alike. Without
# it the kernel places the four tasks, and a pair that lands on one CPU runs up
# to 8x slower than one split across both, in either program.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
seconds=${2:-2}
hogs=${3:-$(nproc)}
tools/install-deps.sh --bench >/dev/null
SIMHADR_BUILD_DIR=build-bench SIMHADR_BUILD_TESTS=OFF tools/build.sh >/dev/null
bin=build-bench/simhadr
work=$(mktemp -d)
hog_pids=()
# set -e holds in the trap too, so nothing here may fail for lack of a process to stop.
stop_all() {
  ((${#hog_pids[@]})) && kill "${hog_pids[@]}" 2>/dev/null
  pkill -P $$ 2>/dev/null || true
  rm -rf "$work"
}
trap stop_all EXIT
trap 'exit 130' INT TERM

source bench/pair-lib.sh
source bench/compare-lib.sh

# Each hog ends by itself after an hour at the most, should this script be killed outright.
for ((i = 0; i < hogs; i++)); do
  $(cpu_pin $((i % $(nproc)))) timeout 3600 bash -c 'while :; do :; done' &
  hog_pids+=($!)
done

echo "simhadr under load: $hogs CPU hogs, $(nproc) cores, $(uname -r), $rounds rounds of $seconds s"
echo "original: ${REF:-not given (set SIMHADR_REF)}"
[[ ${PIN_SIDES:-0} == 1 ]] && echo "pinned: primaries on CPU 0, standbys on CPU 1, hog i on CPU i"
echo
throughput_heading throughput
disk="-disk 100 0.0005"
rows=()
for mode in SYNC NEARSYNC ASYNC SUPERASYNC; do
  for pages in 1 16; do
    rows+=("$mode $pages|-t $seconds -syncMode $mode -flushSize $pages|")
  done
done
for mode in SYNC NEARSYNC ASYNC SUPERASYNC; do
  rows+=("$mode 16 $disk|-t $seconds -syncMode $mode -flushSize 16 $disk|$disk")
done
rows+=("ASYNC 1 $disk|-t $seconds -syncMode ASYNC -flushSize 1 $disk|$disk")
for mode in SYNC NEARSYNC ASYNC SUPERASYNC; do
  rows+=("$mode 16 -target 50|-t $seconds -syncMode $mode -flushSize 16 -target 50|")
done
throughput_table "${rows[@]}"
timing_tables
