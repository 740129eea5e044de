#!/usr/bin/env bash
# The log gap a SYNC or NEARSYNC pair reports on a host with every CPU busy:
# one CPU hog per core, then N -demo runs per mode. In these modes the primary
# waits for each flush's ack, so the standby's TCP can be behind by at most one
# flush plus what the send buffer holds; a larger figure is the meter's error.
# Prints, per mode, how many runs exceeded that bound and the worst gap beside it.
# Not a test: a starved host is not deterministic. Usage:
#   bench/log-gap-under-load.sh [runs per mode, default 50] [seconds per run, default 1]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-50}
seconds=${2:-1}
SIMHADR_BUILD_DIR=build-bench SIMHADR_BUILD_TESTS=OFF tools/build.sh >/dev/null
bin=build-bench/simhadr
work=$(mktemp -d)
hog_pids=()
stop_all() {
  ((${#hog_pids[@]})) && kill "${hog_pids[@]}" 2>/dev/null
  rm -rf "$work"
}
trap stop_all EXIT
for ((i = 0; i < $(nproc); i++)); do
  sh -c 'while :; do :; done' &
  hog_pids+=($!)
done
echo "Log gap under $(nproc) CPU hogs: $runs runs of $seconds s per mode, -demo on loopback"
for mode in SYNC NEARSYNC; do
  for ((run = 1; run <= runs; run++)); do
    timeout $((seconds * 10 + 30)) "$bin" -demo -syncMode "$mode" -t "$seconds" \
      -json "$work/$mode-$run.json" >/dev/null 2>&1 || true
  done
  python3 - "$mode" "$work" <<'PY'
import glob, json, sys
mode, work = sys.argv[1], sys.argv[2]
over = seen = 0
worst = (0, 0)
for path in glob.glob(f"{work}/{mode}-*.json"):
    primary = json.load(open(path))["runs"][0]
    if not primary.get("log_gap"):
        continue
    seen += 1
    gap = primary["log_gap"]["worst_bytes"]
    bound = primary["flush_bytes"] + primary["socket"]["send_buffer"]
    over += gap > bound
    worst = max(worst, (gap, bound))
print(f"{mode:9} {seen} runs with a gap figure, {over} over one flush plus the send buffer; "
      f"worst gap {worst[0]} bytes (bound {worst[1]})")
PY
done
