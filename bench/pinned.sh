#!/usr/bin/env bash
# The pinned side-by-side run every change to the shipping path must hold:
# primary on CPU 0, standby on CPU 1, every sync mode at 1, 16 and 256 pages,
# four pairs taking turns in each round: ours with its default payload, ours
# with -payload dots (the original's bytes), the original (SIMHADR_REF), and a
# copy of the original under another name, whose ratio to the original is the
# noise this machine puts between two runs of one program: a config of ours
# below the original's lowest self-ratio is slower than noise explains. Each
# round of every pair ships the flushes the original ships in SECONDS.
# Prints per config the medians (MB/s), the ratios to the original, and CPU
# seconds per GB: of the primary alone, and of both processes.
# Not a test: it prints figures (docs/guide/performance.md records them).
# Usage: SIMHADR_REF=/path/to/simhadr_linux bench/pinned.sh [rounds, default 5] [seconds, default 2]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
seconds=${2:-2}
PIN_SIDES=1
source bench/setup-lib.sh

source bench/pair-lib.sh
source bench/compare-lib.sh
if [[ -z "$REF" ]]; then
  echo "pinned.sh compares with the original: set SIMHADR_REF to its binary" >&2
  exit 2
fi
copy=$work/simhadr_original_copy
cp "$REF" "$copy"

pairs=(ours dots orig copy)
echo "pinned side by side: $(nproc) cores, $(uname -r), $rounds rounds of $seconds s"
echo "original: $REF (and a copy of it, for its self-spread)"
echo "== MB/s of the primary (medians, lowest-highest); ratios to the original's median;"
echo "   s/GB: CPU seconds per 10^9 bytes shipped, P the primary's, B both processes'"
printf '%-15s %17s %9s %17s %9s %6s %6s %6s %8s %8s %8s %8s\n' config "ours MB/s" "dots MB/s" \
  "orig MB/s" "copy MB/s" ours dots self "ours P" "dots P" "ours B" "orig B"
declare -A ratios=()
for pages in 1 16 256; do
  for mode in SYNC NEARSYNC ASYNC SUPERASYNC; do
    opts=$(same_work "$work/run" "-t $seconds -syncMode $mode -flushSize $pages" "")
    declare -A mb=() pgb=() bgb=()
    for pair in "${pairs[@]}"; do mb[$pair]="" pgb[$pair]="" bgb[$pair]=""; done
    for ((round = 0; round < rounds; round++)); do
      for ((turn = 0; turn < ${#pairs[@]}; turn++)); do
        pair=${pairs[(round + turn) % ${#pairs[@]}]}
        case $pair in
          ours) timed_pair "$bin" "$work/$pair" "$opts" "" ;;
          dots) timed_pair "$bin" "$work/$pair" "$opts -payload dots" "" ;;
          orig) timed_pair "$REF" "$work/$pair" "$opts" "" ;;
          copy) timed_pair "$copy" "$work/$pair" "$opts" "" ;;
        esac
        mb[$pair]+=" $(primary_mbytes "$work/$pair")"
        pgb[$pair]+=" $(primary_cpu_per_gb "$work/$pair")"
        bgb[$pair]+=" $(cpu_per_gb "$work/$pair")"
      done
    done
    declare -A med=()
    for pair in "${pairs[@]}"; do med[$pair]=$(median ${mb[$pair]}); done
    for pair in ours dots copy; do
      ratios[$pair]+=" $(ratio "${med[$pair]}" "${med[orig]}")"
    done
    printf '%-15s %7.1f %9s %9.1f %7.1f %9s %9.1f %6s %6s %6s %8s %8s %8s %8s\n' "$mode $pages" \
      "${med[ours]}" "$(spread ${mb[ours]})" "${med[dots]}" "${med[orig]}" "$(spread ${mb[orig]})" \
      "${med[copy]}" "$(ratio "${med[ours]}" "${med[orig]}")" "$(ratio "${med[dots]}" "${med[orig]}")" \
      "$(ratio "${med[copy]}" "${med[orig]}")" "$(median ${pgb[ours]})" "$(median ${pgb[dots]})" \
      "$(median ${bgb[ours]})" "$(median ${bgb[orig]})"
  done
done
lowest() { printf '%s\n' "$@" | sort -g | head -1; }
self_low=$(lowest ${ratios[copy]})
printf 'the original against its copy: median %s, lowest %s (its self-spread)\n' \
  "$(median ${ratios[copy]})" "$self_low"
for pair in ours dots; do
  below=$(printf '%s\n' ${ratios[$pair]} | awk -v low="$self_low" '$1 < low' | wc -l)
  printf '%-4s against the original: median %s, lowest %s, %s of 12 configs below its self-spread\n' \
    "$pair" "$(median ${ratios[$pair]})" "$(lowest ${ratios[$pair]})" "$below"
done
