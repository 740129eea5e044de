#!/usr/bin/env bash
# What the failure settings cost a run in which nothing fails: ours without
# them, with -peerWaitLimit 30, and with -peerWaitLimit 30 -peerWindow 30, in
# alternating rounds of the same flushes, primary on CPU 0 and standby on CPU 1,
# in ASYNC and NEARSYNC at 16 pages. While the standby keeps up the primary
# stays in peer state, where neither setting can change anything, so a run with
# them should ship as fast as one without.
# Prints per config the medians (MB/s, lowest-highest), each setting's ratio to
# the run without, and the primary's CPU seconds per GB.
# Not a test: it prints figures (docs/guide/performance.md records them).
# Usage: bench/peer-settings.sh [rounds, default 7] [seconds, default 2]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-7}
seconds=${2:-2}
PIN_SIDES=1
source bench/setup-lib.sh
source bench/pair-lib.sh
source bench/compare-lib.sh

settings=("" "-peerWaitLimit 30" "-peerWaitLimit 30 -peerWindow 30")
names=(none "wait limit" "limit+window")
echo "failure settings where nothing fails: $(nproc) cores, $(uname -r), $rounds rounds of $seconds s"
echo "== MB/s of the primary (medians, lowest-highest); ratio to the run without;"
echo "   s/GB: the primary's CPU seconds per 10^9 bytes shipped"
printf '%-12s %-13s %9s %13s %6s %7s\n' config setting "MB/s" range ratio "s/GB"
for mode in ASYNC NEARSYNC; do
  opts=$(same_work "$work/run" "-t $seconds -syncMode $mode -flushSize 16" "")
  declare -A mb=() pgb=()
  for ((variant = 0; variant < ${#settings[@]}; variant++)); do mb[$variant]="" pgb[$variant]=""; done
  for ((round = 0; round < rounds; round++)); do
    for ((turn = 0; turn < ${#settings[@]}; turn++)); do
      variant=$(((round + turn) % ${#settings[@]}))
      timed_pair "$bin" "$work/$variant" "$opts ${settings[variant]}" ""
      mb[$variant]+=" $(primary_mbytes "$work/$variant")"
      pgb[$variant]+=" $(primary_cpu_per_gb "$work/$variant")"
    done
  done
  without=$(median ${mb[0]})
  for ((variant = 0; variant < ${#settings[@]}; variant++)); do
    printf '%-12s %-13s %9.1f %13s %6s %7s\n' "$mode 16" "${names[variant]}" \
      "$(median ${mb[$variant]})" "$(spread ${mb[$variant]})" \
      "$(ratio "$(median ${mb[$variant]})" "$without")" "$(median ${pgb[$variant]})"
  done
done
