#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/, with clang) and runs them at once, each
# for SECONDS (default 30), starting from seeds made here: the original's
# handshakes, well-formed page streams and -diagnose's test inputs. A crash or a broken invariant
# fails the script and leaves the input in build-fuzz/artifacts/.
# --build-only builds them and stops (tools/test.sh builds while other tests run).
#   tools/fuzz.sh [SECONDS | --build-only]
set -euo pipefail
cd "$(dirname "$0")/.."

build_only=false
if [[ "${1:-}" == --build-only ]]; then
  build_only=true
  shift
fi
seconds=${1:-30}
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || ((seconds == 0)); then
  echo "fuzz.sh: SECONDS must be a whole number above 0, not '$seconds'" >&2
  exit 2
fi

tools/install-deps.sh --fuzz
dir=build-fuzz
# A unity build, in batches of 24: 60 CPU-seconds against 127 file by file.
cmake -S fuzz -B "$dir" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=24 >/dev/null
cmake --build "$dir" -j "$(nproc)"
if $build_only; then exit 0; fi

dots() { head -c "$1" /dev/zero | tr '\0' '.'; }
marker_page() { printf 'End of flush\0'; dots 4083; }
# A stream seed: the fuzzer's three control bytes, then `flushes` flushes of `pages` pages.
stream_seed() {
  local pages=$1 flushes=$2 i
  printf "\\x$(printf %02x $((pages - 1)))\\x02\\x30"
  for ((i = 0; i < flushes; i++)); do
    dots $(((pages - 1) * 4096))
    marker_page
  done
}

mkdir -p "$dir"/seeds/handshake_fuzzer "$dir"/seeds/stream_fuzzer "$dir"/seeds/monitor_fuzzer \
  "$dir"/artifacts
for mode in SYNC NEARSYNC ASYNC SUPERASYNC; do
  printf 'syncMode=%s\nflushSize=16\nconnTime=2026-11-30_04:10:38_UTC\n' "$mode" \
    >"$dir/seeds/handshake_fuzzer/$mode"
done
printf 'GET / HTTP/1.1\r\nHost: standby\r\n\r\n' >"$dir/seeds/handshake_fuzzer/http"
stream_seed 1 3 >"$dir/seeds/stream_fuzzer/one-page"
stream_seed 2 2 >"$dir/seeds/stream_fuzzer/two-pages"
stream_seed 3 1 >"$dir/seeds/stream_fuzzer/three-pages"

# -diagnose's seeds: every format of its test inputs.
cp tests/diagnose/*.txt tests/diagnose/*.csv tests/diagnose/*.tbl "$dir/seeds/monitor_fuzzer/"
# and the published samples, as DBAs and vendors printed them (tests/diagnose/published/INDEX.md).
for sample in tests/diagnose/published/*.txt; do
  cp "$sample" "$dir/seeds/monitor_fuzzer/published-$(basename "$sample")"
done

# The targets fuzz at once, each into its own log; then each log's summary.
targets=(handshake_fuzzer stream_fuzzer monitor_fuzzer)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
for target in "${targets[@]}"; do
  corpus="$dir/corpus/$target"
  mkdir -p "$corpus"
  "$dir/$target" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$dir/artifacts/$target-" \
    "$corpus" "$dir/seeds/$target" >"$dir/$target.log" 2>&1 &
  pids+=($!)
done
failed=0
for i in "${!targets[@]}"; do
  target=${targets[i]}
  status=0
  wait "${pids[i]}" || status=$?
  echo "== fuzz $target for ${seconds}s"
  grep -E '^(#[0-9]+[[:space:]]+(INITED|DONE)|stat::|==|SUMMARY|Done)' "$dir/$target.log" || true
  if ((status != 0)); then
    echo "fuzz.sh: $target failed (status $status); input in $dir/artifacts/, log in $dir/$target.log" >&2
    failed=1
  fi
done
pids=()
exit "$failed"
