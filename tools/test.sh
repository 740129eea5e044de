#!/usr/bin/env bash
# Installs what is missing, checks that the source folders depend on each
# other in one direction (tools/check-layers), cross-builds for s390x and runs
# its unit tests under qemu-user, builds with -Werror and runs every test (unit
# and end-to-end, with the s390x build as the big-endian interop peer) through
# CTest, then repeats the suite in an AddressSanitizer +
# UndefinedBehaviorSanitizer build and in a ThreadSanitizer build, and runs
# each libFuzzer target for 30 seconds. Last, the static x86_64 build: its
# .deb and .rpm (tools/package.sh --static --check), tools/check-static-binary,
# and the Ansible fleet playbook on two pairs of this machine
# (tests/ansible/fleet_test.sh). About 30 minutes on 2 cores.
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

extras=()
if $sanitizers; then extras=(--static --cross=s390x --ansible); fi
tools/install-deps.sh "${extras[@]}"
tools/check-layers

run_suite() {
  local dir=$1
  shift
  echo "== build $dir $*"
  SIMHADR_BUILD_DIR=$dir tools/build.sh "$@"
  echo "== test $dir"
  ctest --test-dir "$dir" --output-on-failure --timeout 300 -j 2
}

if $sanitizers; then
  run_suite build-s390x -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/s390x.cmake
  export SIMHADR_PEER=$PWD/build-s390x/simhadr-emulated
fi
run_suite build
if $sanitizers; then
  # halt_on_error makes a UBSan finding fail the test instead of only printing it.
  export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
  export ASAN_OPTIONS=detect_leaks=1
  run_suite build-asan -DSIMHADR_SANITIZE=address,undefined -DCMAKE_BUILD_TYPE=RelWithDebInfo
  export TSAN_OPTIONS=halt_on_error=1
  run_suite build-tsan -DSIMHADR_SANITIZE=thread -DCMAKE_BUILD_TYPE=RelWithDebInfo
  tools/fuzz.sh 30
  tools/package.sh --static --check
  tools/check-static-binary build-package-static/simhadr
  tests/ansible/fleet_test.sh build-package-static/simhadr
fi
