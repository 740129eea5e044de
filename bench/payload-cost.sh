#!/usr/bin/env bash
# What the payload costs on an idle loopback: ours with its default
# (incompressible: random bytes, new in every page), ours with -payload dots
# (the original's '.', one image sent again and again) and the original
# (SIMHADR_REF) in alternating rounds, each doing the same number of flushes.
# Prints medians of MB/s and of CPU seconds (both processes) per GB shipped,
# and the default's CPU per GB against the dots' and the original's.
# Usage: bench/payload-cost.sh [rounds, default 5] [seconds per run, default 2]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
seconds=${2:-2}
: "${PIN_SIDES:=1}"
source bench/setup-lib.sh

source bench/pair-lib.sh
source bench/compare-lib.sh

echo "payload cost on an idle loopback: $(nproc) cores, $(uname -r), $rounds rounds of $seconds s"
echo "original: ${REF:-not given (set SIMHADR_REF)}"
echo "== MB/s of the primary and s/GB (user+sys CPU of both processes per 10^9 bytes), medians"
printf '%-16s %10s %10s %10s %10s %10s %10s %12s %12s\n' config "incomp MB/s" "dots MB/s" "orig MB/s" \
  "incomp s/GB" "dots s/GB" "orig s/GB" "incomp/dots" "incomp/orig"
for row in "SYNC 16" "NEARSYNC 1" "NEARSYNC 16" "ASYNC 16" "ASYNC 256" "SUPERASYNC 256"; do
  read -r mode pages <<<"$row"
  opts=$(same_work "$work/run" "-t $seconds -syncMode $mode -flushSize $pages" "")
  declare -A mb=() gb=()
  for variant in incomp dots orig; do mb[$variant]="" gb[$variant]=""; done
  for ((round = 0; round < rounds; round++)); do
    order=(incomp dots orig)
    ((round % 3 == 1)) && order=(dots orig incomp)
    ((round % 3 == 2)) && order=(orig incomp dots)
    for variant in "${order[@]}"; do
      case $variant in
        incomp) timed_pair "$bin" "$work/$variant" "$opts" "" ;;
        dots) timed_pair "$bin" "$work/$variant" "$opts -payload dots" "" ;;
        orig) [[ -n $REF ]] || continue; timed_pair "$REF" "$work/$variant" "$opts" "" ;;
      esac
      mb[$variant]+=" $(primary_mbytes "$work/$variant")"
      gb[$variant]+=" $(cpu_per_gb "$work/$variant")"
    done
  done
  for variant in incomp dots orig; do
    # shellcheck disable=SC2086
    mb[$variant]=$(median ${mb[$variant]}) gb[$variant]=$(median ${gb[$variant]})
  done
  printf '%-16s %10s %10s %10s %10s %10s %10s %12s %12s\n' "$row" "$(one_decimal "${mb[incomp]}")" \
    "$(one_decimal "${mb[dots]}")" "$(one_decimal "${mb[orig]}")" "${gb[incomp]}" "${gb[dots]}" \
    "${gb[orig]}" "$(ratio "${gb[incomp]}" "${gb[dots]}")" "$(ratio "${gb[incomp]}" "${gb[orig]}")"
done
