#!/usr/bin/env bash
# Builds the release files into dist/: one static, stripped simhadr per Linux
# architecture (dist/simhadr-<version>-linux-<arch>, for x86_64, aarch64,
# ppc64le and s390x; the foreign ones with Debian's cross compilers), checks
# each with tools/check-static-binary (its symbols in the unstripped build;
# under qemu-user where it is another machine's), the Windows file
# (dist/simhadr-<version>-windows-x86_64.exe, with mingw-w64, checked by
# tools/check-windows-binary under Wine), builds the .deb
# and the .rpm from the static x86_64 binary and checks them
# (tools/package.sh --static --check), and writes SHA256SUMS. Ends with a
# table of sizes and build times. About 14 minutes on 2 cores.
#
#   tools/release.sh [ARCH ...]     only these architectures (packages need x86_64)
set -euo pipefail
cd "$(dirname "$0")/.."

arches=("$@")
((${#arches[@]})) || arches=(x86_64 aarch64 ppc64le s390x windows-x86_64)
native=$(uname -m)
foreign=()
deps=(--static --package)
for arch in "${arches[@]}"; do
  case "$arch" in
    "$native") ;;
    aarch64 | ppc64le | s390x) foreign+=("$arch") ;;
    windows-x86_64) deps+=(--windows) ;;
    *)
      echo "release.sh: no build for $arch (x86_64, aarch64, ppc64le, s390x, windows-x86_64)" >&2
      exit 2
      ;;
  esac
done
if ((${#foreign[@]})); then deps+=("--cross=$(IFS=,; echo "${foreign[*]}")"); fi
tools/install-deps.sh "${deps[@]}"

version=$(sed -n 's/^project(simhadr VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
rm -rf dist
mkdir -p dist
summary=()
for arch in "${arches[@]}"; do
  dir=build-release-$arch
  file=dist/simhadr-$version-linux-$arch
  if [[ "$arch" == "$native" ]]; then
    # tools/package.sh's folder, so that the packages hold this very build.
    dir=build-package-static
    how=(-DSIMHADR_STATIC=ON)
  elif [[ "$arch" == windows-* ]]; then
    file=dist/simhadr-$version-$arch.exe
    how=(-DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/$arch.cmake)
  else
    how=(-DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/$arch.cmake)
  fi
  echo "== $arch: building in $dir"
  start=$SECONDS
  mkdir -p "$dir"
  SIMHADR_BUILD_DIR=$dir SIMHADR_BUILD_TESTS=OFF SIMHADR_BUILD_TYPE=Release SIMHADR_TARGET=simhadr \
    tools/build.sh "${how[@]}" >"$dir/build.log" 2>&1 || { tail -30 "$dir/build.log" >&2; exit 1; }
  seconds=$((SECONDS - start))
  built=$dir/simhadr
  if [[ "$arch" == windows-* ]]; then built=$dir/simhadr.exe; fi
  # The strip CMake found for the build's compiler (the cross binutils' for a cross build).
  "$(sed -n 's/^CMAKE_STRIP:FILEPATH=//p' "$dir/CMakeCache.txt")" -o "$file" "$built"
  if [[ "$arch" == windows-* ]]; then
    tools/check-windows-binary "$file"
  else
    tools/check-static-binary "$file" "$arch" "$built"
  fi
  summary+=("$(printf '%-36s %9s bytes %5s s' "$(basename "$file")" "$(stat -c %s "$file")" "$seconds")")
done

if [[ " ${arches[*]} " == *" x86_64 "* && "$native" == x86_64 ]]; then
  tools/package.sh --static --check
  cp build-package-static/simhadr_*.deb build-package-static/simhadr-*.rpm dist/
fi
(cd dist && sha256sum -- * >SHA256SUMS && sha256sum --quiet -c SHA256SUMS)

echo
echo "release.sh: dist/ for simhadr $version (static binaries: size stripped, build time on $(nproc) cores)"
printf '  %s\n' "${summary[@]}"
for listed in dist/*.deb dist/*.rpm dist/SHA256SUMS; do
  if [[ -e "$listed" ]]; then echo "  $(basename "$listed")"; fi
done
