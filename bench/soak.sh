#!/usr/bin/env bash
# Soak test (not CI): one primary/standby pair held at a -target rate for a
# long run, then several pairs at once at full speed, every sync mode among
# them. For every pair it checks that the flushes and bytes the primary sent
# are the flushes and bytes the standby received, and the acks the other way,
# that both ended with status 0, and that memory did not grow during the long run.
#   bench/soak.sh [LONG_SECONDS=600] [CONCURRENT_SECONDS=120] [PAIRS=8]
# SIMHADR_SOAK_TARGET sets the long run's rate in MB/s (default 200).
set -euo pipefail
cd "$(dirname "$0")/.."
long=${1:-600}
short=${2:-120}
pairs=${3:-8}
target=${SIMHADR_SOAK_TARGET:-200}
tools/install-deps.sh >/dev/null
SIMHADR_BUILD_DIR=build-bench SIMHADR_BUILD_TESTS=OFF tools/build.sh >/dev/null
bin=build-bench/simhadr
source bench/pair-lib.sh
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT

failures=0
rss_kb() { awk '/^VmRSS:/ {print $2}' "/proc/$1/status" 2>/dev/null || echo "-"; }

# check_pair DIR LABEL PRIMARY_STATUS STANDBY_STATUS: one line of figures, and a verdict.
check_pair() {
  local dir=$1 label=$2 verdict=ok
  local pf sf ps sr pr ss
  pf=$(flushes "$dir/p") sf=$(flushes "$dir/s")
  ps=$(bytes_sent "$dir/p") sr=$(bytes_recv "$dir/s")
  pr=$(bytes_recv "$dir/p") ss=$(bytes_sent "$dir/s")
  if [[ -z "$pf" || "$pf" != "$sf" || "$ps" != "$sr" || "$pr" != "$ss" || $3 != 0 || $4 != 0 ]]; then
    verdict=MISMATCH
    failures=$((failures + 1))
  fi
  printf '%-24s %10s %10s %14s %14s %10s %9s %9s  %s\n' "$label" "${pf:-?}" "${sf:-?}" \
    "${ps:-?}" "${sr:-?}" "${ss:-?}" "$(mbytes "$dir/p")" "$3/$4" "$verdict"
}

header() {
  printf '%-24s %10s %10s %14s %14s %10s %9s %9s  %s\n' pair "P flushes" "S flushes" \
    "P bytes sent" "S bytes recv" "acks B" "MB/s" status verdict
}

echo "simhadr soak, $(nproc) cores, $(uname -r), $(date -u +%FT%TZ)"
echo
echo "1) one NEARSYNC pair at -target $target MB/s for $long s; resident memory (KiB) every minute"
start_pair "$work/long" "-t $long -target $target -syncMode NEARSYNC" ""
read -r primary standby <<<"$PAIR_PIDS"
printf '%8s %12s %12s\n' second "primary RSS" "standby RSS"
for ((second = 10; second < long; second += 60)); do
  sleep $((second == 10 ? 10 : 60))
  printf '%8d %12s %12s\n' "$second" "$(rss_kb "$primary")" "$(rss_kb "$standby")"
done
primary_status=0 standby_status=0
wait "$primary" || primary_status=$?
wait "$standby" || standby_status=$?
header
check_pair "$work/long" "NEARSYNC target $target" $primary_status $standby_status
grep -E '^targetRate' "$work/long/p" || true

echo
echo "2) $pairs pairs at once for $short s, full speed"
modes=(SYNC NEARSYNC ASYNC SUPERASYNC)
declare -a pids
for ((i = 0; i < pairs; i++)); do
  mode=${modes[i % 4]}
  pages=$((i < 4 ? 16 : 1))
  start_pair "$work/pair$i" "-t $short -syncMode $mode -flushSize $pages" ""
  pids[i]=$PAIR_PIDS
done
header
for ((i = 0; i < pairs; i++)); do
  read -r primary standby <<<"${pids[i]}"
  primary_status=0 standby_status=0
  wait "$primary" || primary_status=$?
  wait "$standby" || standby_status=$?
  check_pair "$work/pair$i" "${modes[i % 4]} $((i < 4 ? 16 : 1)) pages" $primary_status $standby_status
done

echo
if ((failures > 0)); then
  echo "soak: $failures pair(s) disagree or failed"
  exit 1
fi
echo "soak: every pair agrees on flushes, bytes and acks"
