#!/bin/bash
# Log disks sold by caps. Two devices capped alike (tests/disk/capped-device),
# one per side; -testDisk's sweep fits -disk with its caps on one of them,
# writing over a laid-out file (-preallocate) as -logDir and Db2 do: on a device
# with a write cache each such write is also a cache flush, which the block
# cgroup counts as an IO of its own. Then
# at 1, 16 and 256 pages, in alternating rounds: a SYNC pair on loopback
# writing its log for real to the capped devices (-logDir), the same pair
# sleeping the fitted -disk, and -model with it. Prints each one's median
# MB/s and its ratio to the real writes. Root only (a block cgroup).
#
# Usage: bench/capped-disk.sh [IOPS [BYTES_PER_SEC [ROUNDS [SECONDS]]]]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${SIMHADR:-$here/../build/simhadr}
device=$here/../tests/disk/capped-device
iops=${1:-500}
bps=${2:-60000000}
rounds=${3:-3}
seconds=${4:-10}
source "$here/pair-lib.sh"

work=$(mktemp -d)
cleanup() {
  "$device" down bench-p >/dev/null 2>&1 || true
  "$device" down bench-s >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
primary_dir=$("$device" up bench-p "$iops" "$bps")
standby_dir=$("$device" up bench-s "$iops" "$bps")

echo "Devices capped at $iops write IOPS and $bps bytes/s; the sweep:"
"$device" run bench-p "$bin" -testDisk "$primary_dir" -preallocate -t 20 >"$work/sweep"
sed -n '/^ *pages /,/^Suggested/p' "$work/sweep"
fit=$(sed -n 's/^Suggested option: -disk //p' "$work/sweep")
[[ -n $fit ]] || { echo "no fit" >&2; exit 1; }

# run_pair DIR PRIMARY_PREFIX STANDBY_PREFIX "OPTIONS" "PRIMARY_OPTIONS" "STANDBY_OPTIONS"
run_pair() {
  local dir=$1
  mkdir -p "$dir"
  $2 "$bin" -role primary -lhost 127.0.0.1 -lport 0 -rhost 127.0.0.1 -rport 1 $4 $5 >"$dir/p" 2>&1 &
  local primary=$! port=""
  for _ in $(seq 200); do
    port=$(sed -n 's/^Listening on local host TCP port \([0-9]*\)$/\1/p' "$dir/p")
    [[ -n "$port" ]] && break
    sleep 0.05
  done
  $3 "$bin" -role standby -lhost 127.0.0.1 -lport 0 -rhost 127.0.0.1 -rport "$port" $6 \
    >"$dir/s" 2>&1 &
  wait "$primary" $!
}

median() { sort -g | awk '{v[NR]=$1} END {print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }

printf '\n%6s %12s %12s %12s %10s %10s\n' pages real_MB/s disk_MB/s model_MB/s disk/real model/real
for pages in 1 16 256; do
  common="-syncMode SYNC -flushSize $pages -t $seconds"
  : >"$work/real" ; : >"$work/disk" ; : >"$work/model"
  for round in $(seq "$rounds"); do
    run_pair "$work/r$round" "$device run bench-p" "$device run bench-s" "$common" \
      "-logDir $primary_dir" "-logDir $standby_dir"
    mbytes "$work/r$round/p" >>"$work/real"
    run_pair "$work/d$round" "" "" "$common" "-disk $fit" "-disk $fit"
    mbytes "$work/d$round/p" >>"$work/disk"
    "$bin" -model $common -disk $fit >"$work/m$round"
    mbytes "$work/m$round" >>"$work/model"
  done
  real=$(median <"$work/real"); disk=$(median <"$work/disk"); model=$(median <"$work/model")
  printf '%6s %12.3f %12.3f %12.3f %10.3f %10.3f\n' "$pages" "$real" "$disk" "$model" \
    "$(awk -v a="$disk" -v b="$real" 'BEGIN {print a / b}')" \
    "$(awk -v a="$model" -v b="$real" 'BEGIN {print a / b}')"
done
