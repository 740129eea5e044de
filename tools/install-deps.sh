#!/usr/bin/env bash
# Installs, from Debian's packages, whatever simhadr needs to build and test
# that this machine does not have yet. Safe to run again; needs root (or sudo).
# Extras: --bench, --fuzz, --package (.deb and .rpm), --plot, --static (the
# static binary's checks), --cross=s390x,aarch64,ppc64le (Debian's cross
# compilers and qemu-user), --windows (mingw-w64 and Wine: the Windows .exe and
# its tests), --ansible (fleet runs).
set -euo pipefail

# python3-jsonschema and gnuplot-nox: the tests validate -json output and draw a sweep.
# libssl-dev: -tls (its static libraries too); openssl: the TLS tests make their certificates.
# zlib1g-dev, liblz4-dev, libzstd-dev: the compressors the payload probe measures;
# zstd and lz4: the tests check its ratios against theirs.
packages=(cmake g++ make ninja-build libboost-dev libcli11-dev libfmt-dev libspdlog-dev libgtest-dev
  nlohmann-json3-dev libssl-dev openssl zlib1g-dev liblz4-dev libzstd-dev zstd lz4 python3
  python3-jsonschema gnuplot-nox)
# Cross builds' libraries: the target's -dev packages, unpacked beside the
# cross compiler's root (multiarch cannot install them beside the host's when
# the mirror's versions for the two architectures differ).
cross_dev_packages=(libssl-dev zlib1g-dev liblz4-dev libzstd-dev)
cross_targets=()
for extra in "$@"; do
  case "$extra" in
    --static) packages+=(file binutils strace python3) ;;
    --cross=*)
      IFS=, read -ra arches <<<"${extra#--cross=}"
      packages+=(qemu-user-static googletest)
      for arch in "${arches[@]}"; do
        case "$arch" in
          aarch64) packages+=(g++-aarch64-linux-gnu binutils-aarch64-linux-gnu)
            cross_targets+=(aarch64-linux-gnu:arm64) ;;
          ppc64le) packages+=(g++-powerpc64le-linux-gnu binutils-powerpc64le-linux-gnu)
            cross_targets+=(powerpc64le-linux-gnu:ppc64el) ;;
          s390x) packages+=(g++-s390x-linux-gnu binutils-s390x-linux-gnu)
            cross_targets+=(s390x-linux-gnu:s390x) ;;
          x86_64) ;;
          *) echo "install-deps: no cross compiler for $arch" >&2; exit 2 ;;
        esac
      done
      ;;
    --windows)
      # mingw-w64 has zlib among the compressors, and no OpenSSL.
      packages+=(g++-mingw-w64-x86-64-posix binutils-mingw-w64-x86-64 libz-mingw-w64-dev wine64
        googletest util-linux)
      ;;
    --ansible) packages+=(ansible-core python3 gnuplot-nox) ;;
    --bench) packages+=(iperf3 fio bc python3 iproute2 openssh-server openssh-client) ;;
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

sudo=()
if ((EUID != 0)); then sudo=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
if ((${#missing[@]} == 0)); then
  echo "install-deps: every package needed is installed"
else
  echo "install-deps: installing ${missing[*]}"
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# Into /opt/simhadr-cross/<triple>, where cmake/toolchains/debian-cross.cmake looks.
# Without them a cross build is made without TLS and the compressors, and says so.
for entry in "${cross_targets[@]}"; do
  triple=${entry%%:*} debarch=${entry##*:}
  root=/opt/simhadr-cross/$triple
  wanted=()
  for package in "${cross_dev_packages[@]}"; do
    [[ -e $root/.unpacked-$package ]] || wanted+=("$package:$debarch")
  done
  ((${#wanted[@]})) || continue
  if ! dpkg --print-foreign-architectures | grep -qx "$debarch"; then
    "${sudo[@]}" dpkg --add-architecture "$debarch"
  fi
  "${sudo[@]}" apt-get update -qq
  download=$(mktemp -d)
  chmod 755 "$download"
  "${sudo[@]}" mkdir -p "$root"
  for package in "${wanted[@]}"; do
    if (cd "$download" && apt-get download -qq "$package" 2>/dev/null); then
      "${sudo[@]}" dpkg -x "$download"/"${package%%:*}"_*.deb "$root"
      "${sudo[@]}" touch "$root/.unpacked-${package%%:*}"
      echo "install-deps: $package unpacked in $root"
    else
      echo "install-deps: warning: no $package on the mirror; the $triple build goes without it" >&2
    fi
  done
  rm -rf "$download"
done
