#!/usr/bin/env bash
# simhadr on an idle host: primary and standby as two processes on loopback,
# ours and the original (SIMHADR_REF=/path/to/simhadr_linux) in alternating
# rounds, for the four sync modes x flush sizes 1, 16 and 256 pages, beside
# iperf3 at the same write size (the ratio shows the simulator's own overhead).
# Then the CPU both cost, what a SYNC flush costs against the disk model, how
# closely -target is held, and each program's distance from -model's figure.
# Not a test: it prints figures (docs/guide/performance.md records them).
# Usage: bench/loopback.sh [rounds, default 5] [seconds per run, default 2]
# Each primary runs on CPU 0 and each standby on CPU 1, as on two hosts;
# PIN_SIDES=0 lets the kernel place them.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
seconds=${2:-2}
: "${PIN_SIDES:=1}"
source bench/setup-lib.sh

source bench/pair-lib.sh
source bench/compare-lib.sh

iperf_mbytes() {
  local port
  read -r port _ < <(two_free_ports)
  timeout 60 iperf3 -s -1 -p "$port" >/dev/null 2>&1 &
  sleep 0.3
  timeout 60 iperf3 -c 127.0.0.1 -p "$port" -l "$1" -t "$seconds" -J 2>/dev/null |
    python3 -c 'import json,sys; e=json.load(sys.stdin)["end"]["sum_received"]; print("%.1f" % (e["bytes"]/e["seconds"]/1e6))'
}

echo "simhadr on an idle loopback: $(nproc) cores, $(uname -r), $rounds rounds of $seconds s"
echo "original: ${REF:-not given (set SIMHADR_REF)}"
[[ ${PIN_SIDES:-0} == 1 ]] && echo "pinned: primaries on CPU 0, standbys on CPU 1"
echo
throughput_heading throughput
rows=()
for pages in 1 16 256; do
  baseline=$(iperf_mbytes $((pages * 4096)))
  for mode in SYNC NEARSYNC ASYNC SUPERASYNC; do
    rows+=("$mode $pages|-t $seconds -syncMode $mode -flushSize $pages||$baseline")
  done
done
throughput_table "${rows[@]}"
timing_tables
