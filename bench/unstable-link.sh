#!/usr/bin/env bash
# An unstable link, ours beside the original (SIMHADR_REF=/path/to/simhadr_linux),
# across two network namespaces (root only): a 2 s outage on a 100 Mbit/s link
# (ASYNC), the same outage on an unshaped link under -target 20 (SYNC), a
# token bucket whose queue holds two packets (loss), and the clean 100 Mbit/s
# link as the control. Rounds alternate which program goes first. For each:
# both programs' MB/s (medians, lowest-highest) and CPU seconds, and ours'
# verdict, stalls, retransmitted share, the link's rate it measured and its
# forecast for the mode run. Not a test: it prints figures (docs/guide/unstable-links.md,
# "When the link is unstable", records them).
# Usage: bench/unstable-link.sh [rounds, default 3] [seconds per run, default 6]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
seconds=${2:-6}
tools/install-deps.sh --bench >/dev/null
SIMHADR_BUILD_DIR=build-bench SIMHADR_BUILD_TESTS=OFF tools/build.sh >/dev/null
bin=$PWD/build-bench/simhadr
work=$(mktemp -d)
source bench/pair-lib.sh
source bench/two-hosts-lib.sh
source bench/compare-lib.sh
trap 'pkill -P $$ 2>/dev/null || true; two_hosts_down; rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

echo "An unstable link, ours beside the original: $(nproc) cores, $(uname -r), $rounds rounds of $seconds s"
echo "original: ${REF:-not given (set SIMHADR_REF)}"
if ! two_hosts_available; then exit 0; fi
two_hosts_up 100mbit

# shape "tc arguments" | none: the primary's side of the link.
shape() {
  ip netns exec "$PRIMARY_NS" tc qdisc del dev v0 root 2>/dev/null || true
  if [[ $1 != none ]]; then ip netns exec "$PRIMARY_NS" tc qdisc add dev v0 root $1; fi
}

# flap AT FOR "tc arguments": the link down AT seconds after the pair starts
# (it connects within a few tenths), FOR seconds long; the shaping put back.
flap() {
  sleep "$1"
  ip -n "$PRIMARY_NS" link set v0 down
  sleep "$2"
  ip -n "$PRIMARY_NS" link set v0 up
  shape "$3"
}

# One round of one program: the pair, with the link flapped alongside it when asked.
one_round() {
  local program=$1 dir=$2 options=$3 tc=$4 outage=$5 flapper=
  shape "$tc"
  if [[ $outage != none ]]; then
    flap ${outage/+/ } "$tc" &
    flapper=$!
  fi
  local extra=
  [[ $program == "$bin" ]] && extra="-json $dir/p.json"
  timed_pair "$program" "$dir" "$options $extra" ""
  if [[ -n $flapper ]]; then wait "$flapper"; fi
}

# Ours, from its JSON document: verdict|stalls|retransmitted|link|forecast.
our_figures() {
  python3 - "$1/p.json" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
b = run["bottleneck"]
stalls = run["stalls"]
longest = stalls["episodes"] and max(stalls["episodes"], key=lambda e: e["duration_seconds"])
stall = f'{stalls["count"]}, {longest["duration_seconds"]:.2f} s at {longest["start_seconds"]:.2f}' if longest else "none"
link = [l["mbytes_per_sec"] for l in b["limits"] if l["resource"] == "network bandwidth"]
forecast = b["mode_forecasts_mbytes_per_sec"][run["sync_mode"]]
print("|".join([b["resource"], stall, f'{run["tcp"]["retransmitted_share"] * 100:.1f}%',
                f"{link[0]:.2f}" if link else "-", f"{forecast:.2f}" if forecast else "-"]))
PY
}

# scenario LABEL "primary options" "tc arguments"|none AT+FOR|none
scenario() {
  local label=$1 options=$2 tc=$3 outage=$4 round
  local ours=() theirs=() ours_cpu=() theirs_cpu=() figures=()
  for ((round = 0; round < rounds; round++)); do
    local order=(ours theirs)
    ((round % 2)) && order=(theirs ours)
    for who in "${order[@]}"; do
      if [[ $who == ours ]]; then
        one_round "$bin" "$work/ours" "$options" "$tc" "$outage"
        ours+=("$(mbytes "$work/ours/p")")
        ours_cpu+=("$(cat "$work/ours/cpu")")
        figures+=("$(our_figures "$work/ours")")
      elif [[ -n "$REF" ]]; then
        one_round "$REF" "$work/theirs" "$options" "$tc" "$outage"
        theirs+=("$(mbytes "$work/theirs/p")")
        theirs_cpu+=("$(cat "$work/theirs/cpu")")
      fi
    done
  done
  echo
  echo "== $label"
  echo "   primary: $options; link: ${tc}; outage: ${outage/+/ s for } s"
  printf '   %-9s %8s %13s %6s\n' program "MB/s" "(range)" "CPU s"
  printf '   %-9s %8s %13s %6s\n' ours "$(median "${ours[@]}")" "($(spread "${ours[@]}"))" \
    "$(median "${ours_cpu[@]}")"
  printf '   %-9s %8s %13s %6s\n' original "$(median "${theirs[@]+"${theirs[@]}"}")" \
    "($(spread "${theirs[@]+"${theirs[@]}"}"))" "$(median "${theirs_cpu[@]+"${theirs_cpu[@]}"}")"
  echo "   ours, each round: verdict | stalls (count, longest at) | retransmitted | link MB/s | forecast"
  printf '     %s\n' "${figures[@]}"
}

rate="tbf rate 100mbit burst 32kbit latency 400ms"
scenario "clean 100 Mbit/s, ASYNC (the control)" "-t $seconds -syncMode ASYNC -flushSize 16" "$rate" none
scenario "a 2 s outage at 2.3 s, 100 Mbit/s, ASYNC" "-t $seconds -syncMode ASYNC -flushSize 16" \
  "$rate" 2.5+2
scenario "a 2 s outage at 2.3 s, unshaped, SYNC -target 20" \
  "-t $seconds -syncMode SYNC -flushSize 16 -target 20" none 2.5+2
scenario "a queue of two packets (tbf limit 3028), ASYNC" "-t $seconds -syncMode ASYNC -flushSize 16" \
  "tbf rate 100mbit burst 32kbit limit 3028" none
