#!/usr/bin/env bash
# simhadr's -write beside fio with matching settings: 8 KiB synchronous direct
# writes, one writer, into a preallocated file and onto the end of a growing one.
# Cloud and VM disks drift by 2x within a minute, so the two tools take turns
# in short rounds and the medians are compared. Not a test: it prints figures.
# Usage: bench/disk-vs-fio.sh [directory on the disk to test, default /var/tmp] [rounds, default 10] [seconds per round, default 2]
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-/var/tmp}
rounds=${2:-10}
seconds=${3:-2}
tools/install-deps.sh --bench >/dev/null
SIMHADR_BUILD_DIR=build-bench SIMHADR_BUILD_TESTS=OFF tools/build.sh >/dev/null
bin=build-bench/simhadr
work=$(mktemp -d "$dir/simhadr-vs-fio.XXXXXX")
trap 'rm -rf "$work"' EXIT

ours() {  # simhadr options...
  "$bin" "$@" -write "$work/ours" -flushSize 2 -t "$seconds" |
    awk '/^Total [0-9]+ writes in/ {printf "%.0f\n", $2 / $5}'
  rm -f "$work/ours"
}

fio_job() {  # fio options...
  fio --name=log --filename="$work/fio" --rw=write --bs=8k --direct=1 --ioengine=psync \
    --numjobs=1 --time_based --runtime="$seconds" --output-format=terse --terse-version=3 "$@" |
    awk -F';' '{printf "%.0f\n", $49}'  # field 49: write IOPS
  rm -f "$work/fio"
}

median() { sort -n | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

# A layout written out in full and on disk before the clock starts, as Db2
# formats its log files and as -preallocate does. fio's own layout would leave
# 64 MB of dirty page cache whose writeback competes with the measured writes,
# and fallocate() would leave unwritten extents, whose conversion on each
# O_DSYNC write is a metadata commit Db2 never pays.
lay_out() { dd if=/dev/zero of="$work/fio" bs=1M count=64 conv=fsync status=none; }
preallocated_fio=(--size=64m --fallocate=none --overwrite=1)
appending_fio=(--size=64g --file_append=1 --create_on_open=1 --fallocate=none)

echo "8 KiB O_DIRECT writes on $(df -T "$dir" | awk 'NR==2 {print $1 " (" $2 ")"}'), $rounds alternating rounds of $seconds s"
printf '%-13s %14s %16s %18s %10s %12s\n' layout "simhadr (DSYNC)" "fio sync=1 (SYNC)" "fio sync=dsync" "vs sync=1" "vs dsync"
for layout in preallocated appending; do
  : >"$work/a"; : >"$work/b"; : >"$work/c"
  for _ in $(seq "$rounds"); do
    if [[ $layout == preallocated ]]; then
      ours -preallocate >>"$work/a"
      lay_out
      fio_job --sync=1 "${preallocated_fio[@]}" >>"$work/b"
      lay_out
      fio_job --sync=dsync "${preallocated_fio[@]}" >>"$work/c"
    else
      ours >>"$work/a"
      fio_job --sync=1 "${appending_fio[@]}" >>"$work/b"
      fio_job --sync=dsync "${appending_fio[@]}" >>"$work/c"
    fi
  done
  a=$(median <"$work/a"); b=$(median <"$work/b"); c=$(median <"$work/c")
  printf '%-13s %14s %16s %18s %10.3f %12.3f\n' "$layout" "$a" "$b" "$c" \
    "$(echo "$a / $b" | bc -l)" "$(echo "$a / $c" | bc -l)"
done
