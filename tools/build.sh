#!/usr/bin/env bash
# Configures and builds simhadr with -Werror into build/ (or $SIMHADR_BUILD_DIR).
# SIMHADR_BUILD_TESTS=OFF leaves the tests out; SIMHADR_TARGET builds only the
# targets it names (separated by spaces). SIMHADR_BUILD_STEP=configure only
# configures; =build only builds a folder configured before.
# Extra arguments go to CMake's configure step, e.g. -DSIMHADR_SANITIZE=address,undefined
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${SIMHADR_BUILD_DIR:-build}
step=${SIMHADR_BUILD_STEP:-both}
case $step in
  both | configure | build) ;;
  *) echo "build.sh: SIMHADR_BUILD_STEP must be configure, build or both, not '$step'" >&2; exit 2 ;;
esac
if [[ $step != build ]]; then
  cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE="${SIMHADR_BUILD_TYPE:-Release}" \
    -DSIMHADR_BUILD_TESTS="${SIMHADR_BUILD_TESTS:-ON}" "$@" >/dev/null
fi
if [[ $step == configure ]]; then exit 0; fi
target=()
if [[ -n "${SIMHADR_TARGET:-}" ]]; then
  read -ra names <<<"$SIMHADR_TARGET"
  target=(--target "${names[@]}")
fi
cmake --build "$build_dir" -j "$(nproc)" "${target[@]}"
