#!/usr/bin/env bash
# simhadr beside the original (SIMHADR_REF=/path/to/simhadr_linux): both
# programs' primary+standby pairs in alternating rounds, every sync mode at
# 16 pages, first on loopback, then (as root) across two network namespaces
# joined by a 100 Mbit/s link (tbf on the primary's side), where -model with
# -netRate 12.5 gives its prediction too. Medians with the lowest-highest,
# ours/original, and the CPU seconds of both processes of each pair.
# Not a test: it prints figures (docs/guide/differences.md records them).
# Usage: bench/vs-original.sh [rounds, default 3] [seconds per run, default 3]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
seconds=${2:-3}
tools/install-deps.sh --bench >/dev/null
SIMHADR_BUILD_DIR=build-bench SIMHADR_BUILD_TESTS=OFF tools/build.sh >/dev/null
bin=build-bench/simhadr
work=$(mktemp -d)
source bench/pair-lib.sh
source bench/two-hosts-lib.sh
source bench/compare-lib.sh
trap 'pkill -P $$ 2>/dev/null || true; two_hosts_down; rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

echo "simhadr beside the original: $(nproc) cores, $(uname -r), $rounds rounds of $seconds s"
echo "original: ${REF:-not given (set SIMHADR_REF)}"
rows=()
for mode in SYNC NEARSYNC ASYNC SUPERASYNC; do
  rows+=("$mode 16|-t $seconds -syncMode $mode -flushSize 16|")
done
echo
throughput_heading loopback
throughput_table "${rows[@]}"
echo
echo "== two hosts: namespaces, 100 Mbit/s (tbf rate 100mbit on the primary's side)"
if two_hosts_available; then
  two_hosts_up 100mbit
  throughput_table "${rows[@]}"
  echo
  echo "-model -netRate 12.5 for the same options:"
  for mode in SYNC NEARSYNC ASYNC SUPERASYNC; do
    printf '  %-10s %s MB/s\n' "$mode" "$("$bin" -model -syncMode "$mode" -flushSize 16 -netRate 12.5 -t 60 |
      awk '/^[A-Z]+: Total [0-9]+ bytes in/ {print $(NF-1); exit}')"
  done
  two_hosts_down
fi
