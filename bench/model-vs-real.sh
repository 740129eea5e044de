#!/usr/bin/env bash
# The virtual-time mode against real runs: for the four sync modes x flush
# sizes 1, 16 and 64 pages with a -disk model, a real primary and standby on
# loopback (-demo, a real TCP connection) beside -model's prediction, and the
# error of the prediction. Then the network model: ASYNC over -netDelay 0.005
# -netRate 12.5 with growing socket buffers, real against modelled and against
# window / round trip. Not a test: it prints figures (docs/models.md records them).
# Usage: bench/model-vs-real.sh [seconds per real run, default 3] [disk MB/s] [overhead s]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-3}
disk_rate=${2:-100}
disk_overhead=${3:-0.0005}
tools/install-deps.sh >/dev/null
SIMHADR_BUILD_DIR=build-bench SIMHADR_BUILD_TESTS=OFF tools/build.sh >/dev/null
bin=build-bench/simhadr

# mbytes <json document on stdin>: the primary's MB/s
mbytes() { /usr/bin/python3 -c 'import json,sys; print("%.3f" % json.load(sys.stdin)["runs"][0]["log"]["mbytes_per_sec"])'; }
error() { /usr/bin/python3 -c "import sys; m,r=float(sys.argv[1]),float(sys.argv[2]); print('%+.1f%%' % ((m-r)/r*100))" "$1" "$2"; }

echo "== -disk $disk_rate $disk_overhead, ${seconds} s per real run (MB/s of the primary)"
printf '%-11s %6s %10s %10s %8s\n' mode pages real model error
for mode in SYNC NEARSYNC ASYNC SUPERASYNC; do
  for pages in 1 16 64; do
    common=(-syncMode "$mode" -flushSize "$pages" -disk "$disk_rate" "$disk_overhead")
    real=$("$bin" -demo "${common[@]}" -t "$seconds" -json - 2>/dev/null | mbytes)
    model=$("$bin" -model "${common[@]}" -t 60 -json - 2>/dev/null | mbytes)
    printf '%-11s %6s %10s %10s %8s\n' "$mode" "$pages" "$real" "$model" "$(error "$model" "$real")"
  done
done

echo
echo "== ASYNC, -netDelay 0.005 -netRate 12.5, 16 pages (window / round trip in the last column)"
printf '%-9s %10s %10s %8s %14s\n' buffers real model error window/rtt
for buffer in 32768 65536 131072 262144 1048576; do
  common=(-syncMode ASYNC -netDelay 0.005 -netRate 12.5 -sockSndBuf "$buffer" -sockRcvBuf "$buffer")
  real=$("$bin" -demo "${common[@]}" -t "$seconds" -json - 2>/dev/null | mbytes)
  model=$("$bin" -model "${common[@]}" -t 60 -json - 2>/dev/null | mbytes)
  bound=$(/usr/bin/python3 -c "print('%.3f' % min(12.5, $buffer / 1e6 / 0.010))")
  printf '%-9s %10s %10s %8s %14s\n' "$buffer" "$real" "$model" "$(error "$model" "$real")" "$bound"
done
