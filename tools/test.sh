#!/usr/bin/env bash
# Installs what is missing, checks that the source folders depend on each
# other in one direction (tools/check-layers), builds with -Werror and runs every test (unit and
# end-to-end) through CTest, then repeats the suite in an AddressSanitizer +
# UndefinedBehaviorSanitizer build and in a ThreadSanitizer build, and runs
# each libFuzzer target for 30 seconds, then builds the .deb and checks that it
# installs (about 20 minutes on 2 cores).
# --quick runs the plain build's suite only.
set -euo pipefail
cd "$(dirname "$0")/.."

sanitizers=true
for arg in "$@"; do
  case "$arg" in
    --quick) sanitizers=false ;;
    *) echo "test.sh: unknown argument $arg" >&2; exit 2 ;;
  esac
done

tools/install-deps.sh
tools/check-layers

run_suite() {
  local dir=$1
  shift
  echo "== build $dir $*"
  SIMHADR_BUILD_DIR=$dir tools/build.sh "$@"
  echo "== test $dir"
  ctest --test-dir "$dir" --output-on-failure --timeout 300 -j 2
}

run_suite build
if $sanitizers; then
  # halt_on_error makes a UBSan finding fail the test instead of only printing it.
  export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
  export ASAN_OPTIONS=detect_leaks=1
  run_suite build-asan -DSIMHADR_SANITIZE=address,undefined -DCMAKE_BUILD_TYPE=RelWithDebInfo
  export TSAN_OPTIONS=halt_on_error=1
  run_suite build-tsan -DSIMHADR_SANITIZE=thread -DCMAKE_BUILD_TYPE=RelWithDebInfo
  tools/fuzz.sh 30
  tools/package.sh --check
fi
