#!/usr/bin/env bash
# Installs what is missing, checks that the source folders depend on each
# other in one direction and that only src/platform/ calls the operating system
# (tools/check-layers), cross-builds for s390x and runs its unit tests under
# qemu-user, cross-builds the Windows .exe and runs its unit tests under Wine,
# then builds the static x86_64 binary with -Werror and runs every test (unit
# and end-to-end, with the s390x build as the big-endian interop peer and the
# .exe under Wine against it) through CTest, then repeats the suite in an
# AddressSanitizer + UndefinedBehaviorSanitizer build, runs the tests that start
# threads in a ThreadSanitizer build, and runs the libFuzzer targets at once.
# Last, the static build's .deb and .rpm (tools/package.sh --static --check)
# and the Ansible fleet playbook on two pairs of this machine
# (tests/ansible/fleet_test.sh). Each phase's duration is printed at the end,
# passed or not. About 25 minutes on 2 cores.
# SIMHADR_REF, SIMHADR_REF_WIN and SIMHADR_CALCULATOR, when set, bring the
# original's binaries into the interop tests (DEVELOPERS.md).
# --quick builds with the system's shared libraries and runs that suite only.
set -euo pipefail
cd "$(dirname "$0")/.."

quick=false
for arg in "$@"; do
  case "$arg" in
    --quick) quick=true ;;
    *) echo "test.sh: unknown argument $arg" >&2; exit 2 ;;
  esac
done

phases=()
print_phases() {
  if ((${#phases[@]})); then
    echo "== phase durations (total $SECONDS s)"
    printf '  %s\n' "${phases[@]}"
  fi
}
trap print_phases EXIT
# Runs a phase, and keeps how long it took.
timed() {
  local name=$1 started=$SECONDS status=0
  shift
  echo "== $name"
  "$@" || status=$?
  phases+=("$(printf '%-24s %5d s' "$name" $((SECONDS - started)))")
  if ((status != 0)); then
    phases[-1]+="  FAILED ($status)"
    exit "$status"
  fi
}

# CI's builds are unity builds: each compiler run takes a batch of 24 files, so
# the libraries' headers are parsed and their templates compiled once per batch
# (a Release build of everything: 185 s in batches of 24, 272 s in CMake's usual
# 8, 5 to 6 minutes file by file). tools/build.sh alone builds file by file,
# which keeps a rebuild after one edit short and each file's includes honest.
# SUITE_TARGETS (the targets to build; default all) and SUITE_LABELS (a ctest
# -L regex; default every test) narrow a suite to the tests it can find
# something in.
run_suite() {
  local dir=$1
  shift
  timed "build $dir" env SIMHADR_BUILD_DIR="$dir" SIMHADR_TARGET="${SUITE_TARGETS:-}" \
    tools/build.sh -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=24 "$@"
  local labels=()
  if [[ -n "${SUITE_LABELS:-}" ]]; then labels=(-L "$SUITE_LABELS"); fi
  timed "test $dir" ctest --test-dir "$dir" --output-on-failure --timeout 300 -j 2 "${labels[@]}"
}

extras=()
if ! $quick; then extras=(--static --cross=s390x --windows --ansible); fi
timed "install-deps" tools/install-deps.sh "${extras[@]}"
tools/check-layers

if $quick; then
  timed "build build" tools/build.sh
  timed "test build" ctest --test-dir build --output-on-failure --timeout 300 -j 2
  exit 0
fi

run_suite build-s390x -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/s390x.cmake
export SIMHADR_PEER=$PWD/build-s390x/simhadr-emulated
run_suite build-windows -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/windows-x86_64.cmake
# The static binary is the one the packages ship and the fleet test runs; its
# suite alone runs the .exe's end-to-end tests, which the sanitizers would not change.
export SIMHADR_WINDOWS=$PWD/build-windows/simhadr.exe
run_suite build-static -DSIMHADR_STATIC=ON
unset SIMHADR_WINDOWS
# halt_on_error makes a UBSan finding fail the test instead of only printing it.
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export ASAN_OPTIONS=detect_leaks=1
# Every test that runs code: the source checks (label docs) read files only.
SUITE_LABELS='unit|threads|e2e|interop' \
  run_suite build-asan -DSIMHADR_SANITIZE=address,undefined -DCMAKE_BUILD_TYPE=Sanitize
export TSAN_OPTIONS=halt_on_error=1
# The tests that start threads: the unit tests that do (label threads) and the
# end-to-end ones, whose binary runs its roles, feeds and read-ahead in threads.
SUITE_TARGETS='simhadr simhadr_threaded_unit_tests simhadr_e2e_tests simhadr_interop_tests' \
  SUITE_LABELS='threads|e2e|interop' \
  run_suite build-tsan -DSIMHADR_SANITIZE=thread -DCMAKE_BUILD_TYPE=Sanitize
# The three targets fuzz at once on the two cores: 45 s each gives them the CPU
# seconds of 30 s each one after another.
timed "fuzz" tools/fuzz.sh 45
timed "package" env SIMHADR_PACKAGE_BUILD_DIR=build-static tools/package.sh --static --check
timed "fleet" tests/ansible/fleet_test.sh build-static/simhadr
