#!/usr/bin/env bash
# Installs what is missing, checks that the source folders depend on each
# other in one direction and that only src/platform/ calls the operating system
# (tools/check-layers), cross-builds for s390x and runs its unit tests under
# qemu-user, cross-builds the Windows .exe and runs its unit tests under Wine,
# then builds the static x86_64 binary with -Werror, runs the capped-device
# sweep alone (the kernel throttle it measures loses IOs beside a compiler),
# and runs every other test (unit
# and end-to-end, with the s390x build as the big-endian interop peer and the
# .exe under Wine against it) through CTest, then repeats the suite in an
# AddressSanitizer + UndefinedBehaviorSanitizer build, runs the tests that start
# threads in a ThreadSanitizer build (the end-to-end tests built once, in the
# static build, drive each sanitizer build's binary). Last, the static build's .deb and .rpm
# (tools/package.sh --static --check) and the Ansible fleet playbook on two
# pairs of this machine (tests/ansible/fleet_test.sh), with the libFuzzer
# targets running beside them. The first build runs while the later phases'
# packages install; each build after it runs in the background while the suite
# before it runs its tests. Each phase's duration and how busy
# the cores were are printed at the end, passed or not. About 25 minutes on 2 cores.
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
# The CPU seconds the machine has spent so far (user, nice, system and
# interrupts; not idle, I/O wait or time stolen by the hypervisor), in
# /proc/stat's hundredths: how busy the phases kept the cores is the measure of
# what overlapping them can still save.
busy_ticks() { awk '/^cpu /{print $2 + $3 + $4 + $7 + $8; exit}' /proc/stat; }
started_busy=$(busy_ticks)
print_phases() {
  if ((${#phases[@]})); then
    local busy=$((($(busy_ticks) - started_busy) / 100))
    echo "== phase durations (total $SECONDS s; CPU busy $busy s of $((SECONDS * $(nproc))) s)"
    printf '  %s\n' "${phases[@]}"
  fi
}
# Keeps a phase's name and duration; a phase that failed ends the script.
record_phase() {
  local name=$1 seconds=$2 status=$3
  phases+=("$(printf '%-24s %5s s' "$name" "$seconds")")
  if ((status != 0)); then
    phases[-1]+="  FAILED ($status)"
    exit "$status"
  fi
}
# Runs a phase, and keeps how long it took.
timed() {
  local name=$1 started=$SECONDS status=0
  shift
  echo "== $name"
  "$@" || status=$?
  record_phase "$name" $((SECONDS - started)) "$status"
}

# CI's builds are unity builds: each compiler run takes a batch of up to 96 files
# (the library and the larger test executables take two batches, one a core), so
# the libraries' headers are parsed and their templates compiled once per batch
# (the static build with its tests: 250 CPU-seconds in batches of 96, 310 in 48,
# 418 in 24; the Windows build 268 against 420 in 24; the ASan+UBSan build's
# library 345 against 440 in 24; file by file, about twice what batches of 24
# take). tools/build.sh alone builds file by
# file, which keeps a rebuild after one edit short and each file's includes
# honest; in a unity build, names at namespace scope (an anonymous namespace's
# too) must not clash between files.
# Ninja, not Make: Make builds a target's objects only once the library it links
# is built, so while the library's last batch compiled alone (97 s of the ASan
# build) the other core waited; Ninja compiles the tests' batches beside it.
unity=(-G Ninja -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=96)
# A background build takes only the CPU and disk time nothing else wants.
idle_priority=(nice -n 19 ionice -c 3)

# A suite's tests leave about half the CPU idle (they wait on sockets and
# timers), so the next build runs meanwhile, in the background at the lowest
# CPU and disk priority: the tests keep what they ask for and the compiler
# takes the rest. A background phase's output is shown, and its duration kept,
# once it has finished.
background_pid=
background_name=
background_log=
trap '[[ -z "$background_pid" ]] || kill -- "-$background_pid" 2>/dev/null || true; print_phases' EXIT
# Starts a phase in the background: its name, the folder for its log, its command.
start_background() {
  background_name=$1 background_log=$2/background
  shift 2
  mkdir -p "${background_log%/*}"
  rm -f "$background_log.seconds"
  echo "== $background_name: started in the background"
  set -m
  (
    started=$SECONDS status=0
    "$@" >"$background_log.log" 2>&1 || status=$?
    echo "$((SECONDS - started))" >"$background_log.seconds"
    exit "$status"
  ) &
  background_pid=$!
  set +m
}
# Waits for the background phase, shows its output and keeps its duration.
finish_background() {
  local seconds=? status=0
  wait "$background_pid" || status=$?
  background_pid=
  echo "== $background_name"
  cat "$background_log.log"
  if [[ -f "$background_log.seconds" ]]; then read -r seconds <"$background_log.seconds"; fi
  record_phase "$background_name" "$seconds" "$status"
}
# Builds a build folder in the background: the folder, then CMake's arguments.
# SUITE_TARGETS names the targets to build (default all).
start_build() {
  local dir=$1
  shift
  start_background "build $dir" "$dir" "${idle_priority[@]}" env SIMHADR_BUILD_DIR="$dir" \
    SIMHADR_TARGET="${SUITE_TARGETS:-}" tools/build.sh "${unity[@]}" "$@"
}
# Runs a build folder's tests; SUITE_LABELS (a ctest -L regex; default every
# test) narrows them to the ones that can find something there, SUITE_EXCLUDE
# (ctest -LE) leaves some out, and SUITE_NAME names the phase.
test_suite() {
  local dir=$1 labels=()
  if [[ -n "${SUITE_LABELS:-}" ]]; then labels+=(-L "$SUITE_LABELS"); fi
  if [[ -n "${SUITE_EXCLUDE:-}" ]]; then labels+=(-LE "$SUITE_EXCLUDE"); fi
  timed "${SUITE_NAME:-test $dir}" ctest --test-dir "$dir" --output-on-failure --timeout 300 -j 2 \
    "${labels[@]}"
}
# Runs the static build's end-to-end and interop tests against a sanitizer
# build's binary. Their drivers only start the binary and read what it prints,
# so they are built once, in the static build, not again in each sanitizer
# build (70 s of the ASan build, 60 of the TSan one).
e2e_suite_against() {
  local dir=$1
  timed "test $dir, end to end" env SIMHADR_E2E_BINARY="$PWD/$dir/simhadr" \
    SIMHADR_E2E_SANITIZED=1 ctest --test-dir build-static --output-on-failure --timeout 300 -j 2 \
    -L 'e2e|interop'
}

extras=()
if ! $quick; then extras=(--static --cross=s390x); fi
timed "install-deps" tools/install-deps.sh "${extras[@]}"
tools/check-layers

if $quick; then
  timed "build build" tools/build.sh
  timed "test build" ctest --test-dir build --output-on-failure --timeout 300 -j 2
  exit 0
fi

# Where a process is slow to start (qemu-user, the sanitizers), each unit test
# executable runs as four processes rather than one per test case: the ASan
# suite's 460 unit test cases took 270 s of starting alone. Four, not two, lets
# ctest pack a shard that holds a long test beside the others.
shards=-DSIMHADR_UNIT_TEST_SHARDS=4
start_build build-s390x -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/s390x.cmake "$shards" \
  -DCMAKE_BUILD_TYPE=Check
# The later phases' packages (mingw-w64 and Wine, clang, Ansible) install while
# the s390x build runs: on a fresh machine, minutes of downloading and unpacking
# that take little CPU.
timed "install-deps, the rest" tools/install-deps.sh --windows --ansible --fuzz
finish_background
export SIMHADR_PEER=$PWD/build-s390x/simhadr-emulated
start_build build-windows -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/windows-x86_64.cmake \
  -DCMAKE_BUILD_TYPE=Check
test_suite build-s390x
finish_background
start_build build-static -DSIMHADR_STATIC=ON
test_suite build-windows
finish_background
# The capped device's sweep (tests/disk/capped-device) measures the kernel's
# throttle, which loses IOs when a compiler holds the CPU its workers wake on,
# even at the lowest priority: it runs alone, before the next build starts (20 s).
SUITE_LABELS=capped SUITE_NAME="test build-static, capped device" test_suite build-static
# The static binary is the one the packages ship and the fleet test runs; its
# suite alone runs the .exe's end-to-end tests, which the sanitizers would not change.
SUITE_TARGETS='simhadr simhadr_unit_tests simhadr_threaded_unit_tests' \
  start_build build-asan -DSIMHADR_SANITIZE=address,undefined -DCMAKE_BUILD_TYPE=Sanitize "$shards"
SIMHADR_WINDOWS=$PWD/build-windows/simhadr.exe SUITE_EXCLUDE=capped test_suite build-static
finish_background
# The tests that start threads: the unit tests that do (label threads) and the
# end-to-end ones, whose binary runs its roles, feeds and read-ahead in threads.
SUITE_TARGETS='simhadr simhadr_threaded_unit_tests' \
  start_build build-tsan -DSIMHADR_SANITIZE=thread -DCMAKE_BUILD_TYPE=Sanitize "$shards"
# A UBSan finding traps (CMakeLists.txt): handle_sigill has ASan report where,
# and fail the test. Every test that runs code: the source checks (label docs)
# read files only.
export ASAN_OPTIONS=detect_leaks=1:handle_sigill=1
SUITE_LABELS='unit|threads' test_suite build-asan
e2e_suite_against build-asan
unset ASAN_OPTIONS
finish_background
start_background "build build-fuzz" build-fuzz "${idle_priority[@]}" tools/fuzz.sh --build-only
export TSAN_OPTIONS=halt_on_error=1
SUITE_LABELS=threads test_suite build-tsan
e2e_suite_against build-tsan
unset TSAN_OPTIONS
finish_background
# The three targets fuzz at once for 60 s each beside packaging and the fleet
# test, at the lowest priority: they take what CPU those two leave, and the fleet
# test, which took 68 s with three fuzzers on the two cores beside it, ends
# within the fuzzers' 60 s (libFuzzer's limits are wall-clock ones).
start_background "fuzz" build-fuzz "${idle_priority[@]}" tools/fuzz.sh 60
timed "package" env SIMHADR_PACKAGE_BUILD_DIR=build-static tools/package.sh --static --check
timed "fleet" tests/ansible/fleet_test.sh build-static/simhadr
finish_background
