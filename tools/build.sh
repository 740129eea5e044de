#!/usr/bin/env bash
# Configures and builds simhadr with -Werror into build/ (or $SIMHADR_BUILD_DIR).
# SIMHADR_BUILD_TESTS=OFF leaves the tests out; SIMHADR_TARGET builds only the
# targets it names (separated by spaces).
# Extra arguments go to CMake's configure step, e.g. -DSIMHADR_SANITIZE=address,undefined
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${SIMHADR_BUILD_DIR:-build}
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE="${SIMHADR_BUILD_TYPE:-Release}" \
  -DSIMHADR_BUILD_TESTS="${SIMHADR_BUILD_TESTS:-ON}" "$@" >/dev/null
target=()
if [[ -n "${SIMHADR_TARGET:-}" ]]; then
  read -ra names <<<"$SIMHADR_TARGET"
  target=(--target "${names[@]}")
fi
cmake --build "$build_dir" -j "$(nproc)" "${target[@]}"
