#!/usr/bin/env bash
# The main job on a fresh machine: install what is missing, build, and run a
# primary and a standby on this machine's loopback. Extra arguments go to
# simhadr, e.g.  tools/demo.sh -syncMode SYNC -disk 50 0.001 -t 2
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install-deps.sh
echo "building simhadr ..."
if ! log=$(SIMHADR_TARGET=simhadr tools/build.sh 2>&1); then
  printf '%s\n' "$log" >&2
  exit 1
fi
exec build/simhadr -demo "$@"
