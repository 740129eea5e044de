#!/usr/bin/env bash
# The virtual-time mode against real runs: for the four sync modes x flush
# sizes 1, 16 and 64 pages with a -disk model, a real primary and standby on
# loopback (-demo, a real TCP connection) beside -model's prediction, and the
# error of the prediction. Then the network model: ASYNC over -netDelay 0.005
# -netRate 12.5 with growing socket buffers, real against modelled and against
# window / round trip. Then (as root) two hosts: network namespaces joined by
# a 100 Mbit/s link (tbf on the primary's side), each mode at 16 pages, real
# against -model -netRate 12.5. Not a test: it prints figures (docs/models.md records them).
# Usage: bench/model-vs-real.sh [seconds per real run, default 3] [disk MB/s] [overhead s]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-3}
disk_rate=${2:-100}
disk_overhead=${3:-0.0005}
tools/install-deps.sh >/dev/null
SIMHADR_BUILD_DIR=build-bench SIMHADR_BUILD_TESTS=OFF tools/build.sh >/dev/null
bin=build-bench/simhadr
source bench/two-hosts-lib.sh
trap 'pkill -P $$ 2>/dev/null || true; two_hosts_down' EXIT
trap 'exit 130' INT TERM

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
echo "== ASYNC, -netDelay 0.005 -netRate 12.5, 16 pages (last column: window / round trip, at most the payload rate)"
printf '%-9s %10s %10s %8s %14s\n' buffers real model error window/rtt
for buffer in 32768 65536 131072 262144 1048576; do
  common=(-syncMode ASYNC -netDelay 0.005 -netRate 12.5 -sockSndBuf "$buffer" -sockRcvBuf "$buffer")
  real=$("$bin" -demo "${common[@]}" -t "$seconds" -json - 2>/dev/null | mbytes)
  model=$("$bin" -model "${common[@]}" -t 60 -json - 2>/dev/null | mbytes)
  bound=$(/usr/bin/python3 -c "print('%.3f' % min(12.5 * 1448 / 1538, $buffer / 1e6 / 0.010))")
  printf '%-9s %10s %10s %8s %14s\n' "$buffer" "$real" "$model" "$(error "$model" "$real")" "$bound"
done

echo
echo "== two hosts: namespaces joined by 100 Mbit/s (tbf rate 100mbit), 16 pages, -model -netRate 12.5"
if two_hosts_available; then
  two_hosts_up 100mbit
  printf '%-11s %10s %10s %8s\n' mode real model error
  docs=$(mktemp -d)
  for mode in SYNC NEARSYNC ASYNC SUPERASYNC; do
    ip netns exec "$STANDBY_NS" "$bin" -role standby -lhost "$STANDBY_ADDR" -lport 47001 \
      -rhost "$PRIMARY_ADDR" -rport 47000 >/dev/null 2>&1 &
    ip netns exec "$PRIMARY_NS" "$bin" -role primary -lhost "$PRIMARY_ADDR" -lport 47000 \
      -rhost "$STANDBY_ADDR" -rport 47001 -syncMode "$mode" -t "$seconds" -json - 2>/dev/null >"$docs/$mode"
    wait
    real=$(mbytes <"$docs/$mode")
    model=$("$bin" -model -syncMode "$mode" -netRate 12.5 -t 60 -json - 2>/dev/null | mbytes)
    printf '%-11s %10s %10s %8s\n' "$mode" "$real" "$model" "$(error "$model" "$real")"
  done
  echo
  echo "The advisor on those runs: its verdict, the link's rate it measured, and its forecast for"
  echo "each mode against that mode's real run (error in brackets)"
  /usr/bin/python3 - "$docs" <<'PY'
import json, os, sys
modes = ["SYNC", "NEARSYNC", "ASYNC", "SUPERASYNC"]
runs = {m: json.load(open(os.path.join(sys.argv[1], m)))["runs"][0] for m in modes}
real = {m: runs[m]["log"]["mbytes_per_sec"] for m in modes}
print("%-11s %-18s %6s  %s" % ("run", "verdict", "link", "  ".join("%-17s" % m for m in modes)))
for m in modes:
    b = runs[m]["bottleneck"]
    link = next((l["mbytes_per_sec"] for l in b["limits"] if l["resource"] == "network bandwidth"), None)
    cells = []
    for other in modes:
        f = b["mode_forecasts_mbytes_per_sec"][other]
        cells.append("%-17s" % ("%.2f (%+.1f%%)" % (f, (f - real[other]) / real[other] * 100)))
    print("%-11s %-18s %6s  %s" % (m, b["resource"], "%.2f" % link if link else "-", "  ".join(cells)))
PY
  rm -rf "$docs"
  two_hosts_down
fi
