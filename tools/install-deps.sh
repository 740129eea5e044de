#!/usr/bin/env bash
# Installs, from Debian's packages, whatever simhadr needs to build and test
# that this machine does not have yet. Safe to run again; needs root (or sudo).
set -euo pipefail

# python3-jsonschema and gnuplot-nox: the tests validate -json output and draw a sweep.
packages=(cmake g++ make libboost-dev libcli11-dev libfmt-dev libspdlog-dev libgtest-dev
  nlohmann-json3-dev python3 python3-jsonschema gnuplot-nox)
for extra in "$@"; do
  case "$extra" in
    --bench) packages+=(iperf3 fio bc python3 iproute2) ;;
    --fuzz) packages+=(clang libclang-rt-dev) ;;
    --package) packages+=(dpkg-dev man-db gzip python3) ;;
    --plot) packages+=(python3 gnuplot-nox) ;;
    *) echo "install-deps: unknown argument $extra" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]} == 0)); then
  echo "install-deps: everything needed is installed"
  exit 0
fi

sudo=()
if ((EUID != 0)); then sudo=(sudo); fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
