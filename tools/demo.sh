#!/usr/bin/env bash
# The main job on a fresh machine: install what is missing, build, and run a
# primary and a standby on this machine's loopback. Extra arguments go to
# simhadr, e.g.  tools/demo.sh -syncMode SYNC -disk 50 0.001 -t 2
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install-deps.sh
tools/build.sh -DSIMHADR_BUILD_TESTS=OFF
exec build/simhadr -demo "$@"
