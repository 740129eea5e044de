#!/usr/bin/env bash
# Installs, from Debian's packages, whatever simhadr needs to build and test
# that this machine does not have yet. Safe to run again; needs root (or sudo).
# Extras: --bench, --fuzz, --package (.deb and .rpm), --plot, --static (the
# static binary's checks), --cross=s390x,aarch64,ppc64le (Debian's cross
# compilers and qemu-user), --windows (mingw-w64 and Wine: the Windows .exe and
# its tests), --ansible (fleet runs).
set -euo pipefail

# python3-jsonschema and gnuplot-nox: the tests validate -json output and draw a sweep.
packages=(cmake g++ make libboost-dev libcli11-dev libfmt-dev libspdlog-dev libgtest-dev
  nlohmann-json3-dev python3 python3-jsonschema gnuplot-nox)
for extra in "$@"; do
  case "$extra" in
    --static) packages+=(file binutils strace python3) ;;
    --cross=*)
      IFS=, read -ra arches <<<"${extra#--cross=}"
      packages+=(qemu-user-static googletest)
      for arch in "${arches[@]}"; do
        case "$arch" in
          aarch64) packages+=(g++-aarch64-linux-gnu binutils-aarch64-linux-gnu) ;;
          ppc64le) packages+=(g++-powerpc64le-linux-gnu binutils-powerpc64le-linux-gnu) ;;
          s390x) packages+=(g++-s390x-linux-gnu binutils-s390x-linux-gnu) ;;
          x86_64) ;;
          *) echo "install-deps: no cross compiler for $arch" >&2; exit 2 ;;
        esac
      done
      ;;
    --windows)
      packages+=(g++-mingw-w64-x86-64-posix binutils-mingw-w64-x86-64 wine64 googletest util-linux)
      ;;
    --ansible) packages+=(ansible-core python3 gnuplot-nox) ;;
    --bench) packages+=(iperf3 fio bc python3 iproute2) ;;
    --fuzz) packages+=(clang libclang-rt-dev) ;;
    --package) packages+=(dpkg-dev man-db gzip python3 rpm) ;;
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
