#!/usr/bin/env bash
# Configures and builds simhadr into build/ (Release with -Werror).
# Extra arguments go to CMake's configure step, e.g. -DSIMHADR_SANITIZE=address,undefined
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${SIMHADR_BUILD_DIR:-build}
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=${SIMHADR_BUILD_TYPE:-Release} "$@" >/dev/null
cmake --build "$build_dir" -j "$(nproc)"
