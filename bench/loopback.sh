#!/usr/bin/env bash
# Loopback throughput of simhadr, primary and standby as two processes, for the
# four sync modes x flush sizes 1, 16 and 256 pages, beside iperf3 at the same
# write size: the ratio shows the simulator's own overhead. Then the disk model:
# what a flush costs with -disk 50 0.001 against the closed forms.
# Not a test: it prints figures. Usage: bench/loopback.sh [seconds per point, default 2]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-2}
tools/install-deps.sh --bench >/dev/null
SIMHADR_BUILD_DIR=build-bench SIMHADR_BUILD_TESTS=OFF tools/build.sh >/dev/null
bin=build-bench/simhadr
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

source bench/pair-lib.sh

# run_pair "<primary options>" "<standby options>": leaves both reports in $work
run_pair() {
  start_pair "$work" "$1" "$2"
  wait $PAIR_PIDS
}

iperf_mbytes() {
  local port
  port=$(free_port)
  iperf3 -s -1 -p "$port" >/dev/null 2>&1 &
  sleep 0.3
  iperf3 -c 127.0.0.1 -p "$port" -l "$1" -t "$seconds" -J 2>/dev/null |
    python3 -c 'import json,sys; e=json.load(sys.stdin)["end"]["sum_received"]; print("%.1f" % (e["bytes"]/e["seconds"]/1e6))'
}

echo "simhadr loopback throughput, $seconds s per point, $(nproc) cores, $(uname -r)"
printf '%-11s %6s %14s %14s %7s\n' mode pages "simhadr MB/s" "iperf3 MB/s" ratio
for pages in 1 16 256; do
  baseline=$(iperf_mbytes $((pages * 4096)))
  for mode in SYNC NEARSYNC ASYNC SUPERASYNC; do
    run_pair "-t $seconds -syncMode $mode -flushSize $pages" ""
    ours=$(mbytes "$work/p")
    printf '%-11s %6s %14.1f %14.1f %7.2f\n' "$mode" "$pages" "$ours" "$baseline" \
      "$(echo "$ours / $baseline" | bc -l)"
  done
done

echo
echo "disk model: -disk 50 0.001 on both sides, 4 pages per flush (one write = 1.327680 ms)"
printf '%-11s %14s %14s %9s\n' mode "sec/flush" "closed form" error
write=0.00132768
for mode in SYNC NEARSYNC ASYNC; do
  run_pair "-t $seconds -syncMode $mode -flushSize 4 -disk 50 0.001" "-disk 50 0.001"
  measured=$(sec_per_flush "$work/p")
  case $mode in
    SYNC) expected=$(echo "2 * $write" | bc -l) ;;  # plus a loopback round trip of tens of us
    *) expected=$write ;;                           # max(write, shipping) on loopback
  esac
  printf '%-11s %14s %14.6f %8.2f%%\n' "$mode" "$measured" "$expected" \
    "$(echo "($measured - $expected) / $expected * 100" | bc -l)"
done
