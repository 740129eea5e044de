#!/usr/bin/env bash
# Builds the Debian package (build-package/simhadr_<version>_<arch>.deb) with
# CPack: the binary, simhadr-sweep, the man page and bash completion.
# --static builds it from the static binary instead (build-package-static/),
# and an .rpm with the same files beside it, for RHEL and SLES.
# --check then installs the .deb with apt-get (so its dependencies come too), checks
# that `man simhadr`, `simhadr -version` and a short demo work, and removes it
# again unless it was installed before; with --static it also checks, with
# rpm -qlp, that the .rpm holds exactly the files the .deb installs.
# SIMHADR_PACKAGE_BUILD_DIR packages a build folder configured already.
set -euo pipefail
cd "$(dirname "$0")/.."

check=false
static=false
for arg in "$@"; do
  case "$arg" in
    --check) check=true ;;
    --static) static=true ;;
    *) echo "package.sh: unknown argument $arg" >&2; exit 2 ;;
  esac
done

tools/install-deps.sh --package
dir=build-package
static_option=()
if $static; then
  dir=build-package-static
  static_option=(-DSIMHADR_STATIC=ON)
fi
if [[ -n "${SIMHADR_PACKAGE_BUILD_DIR:-}" ]]; then
  # A build configured already (tools/test.sh's static build, tests and all):
  # brought up to date as it is, not configured again.
  dir=$SIMHADR_PACKAGE_BUILD_DIR
  cmake --build "$dir" -j "$(nproc)" --target simhadr man_page
else
  SIMHADR_BUILD_DIR=$dir SIMHADR_BUILD_TESTS=OFF SIMHADR_BUILD_TYPE=Release tools/build.sh \
    "${static_option[@]}"
fi
rm -f "$dir"/simhadr*.deb "$dir"/simhadr*.rpm
(cd "$dir" && cpack >/dev/null)
deb=$(ls "$dir"/simhadr_*.deb)
echo "package.sh: built $deb"
dpkg-deb --info "$deb" | sed -n 's/^ \(Package\|Version\|Depends\|Recommends\):/  \1:/p'
deb_files=$(dpkg-deb --contents "$deb" | awk '{print $NF}' | grep -v '/$' | sed 's|^\./|/|' | sort)
sed 's/^/  /' <<<"$deb_files"
if $static; then
  rpm=$(ls "$dir"/simhadr-*.rpm)
  echo "package.sh: built $rpm"
  rpm -qip "$rpm" 2>/dev/null | sed -n 's/^\(Name\|Version\|Architecture\) *:/  \1:/p'
fi
$check || exit 0

if $static; then
  rpm_files=$(rpm -qlp "$rpm" 2>/dev/null | sort)
  if [[ "$rpm_files" != "$deb_files" ]]; then
    echo "package.sh: the .rpm and the .deb install different files:" >&2
    diff <(echo "$deb_files") <(echo "$rpm_files") >&2 || true
    exit 1
  fi
  echo "package.sh: rpm -qlp lists the .deb's $(wc -l <<<"$deb_files") files"
fi

sudo=()
if ((EUID != 0)); then sudo=(sudo); fi
was_installed=false
if dpkg-query -W -f='${Status}' simhadr 2>/dev/null | grep -q "install ok installed"; then
  was_installed=true
fi
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "./$deb" >/dev/null
cleanup() {
  if ! $was_installed; then "${sudo[@]}" dpkg --purge simhadr >/dev/null; fi
}
trap cleanup EXIT

/usr/bin/simhadr -version
/usr/bin/simhadr -demo -n 20 -syncMode ASYNC | grep -q "Total 20 flushes"
/usr/bin/simhadr-sweep --help >/dev/null
if [[ -e /usr/share/man/man1/simhadr.1.gz ]]; then
  page=$(man simhadr 2>/dev/null)
  grep -q "preview Db2 HADR log shipping" <<<"$page"
else
  # Slim images tell dpkg to leave /usr/share/man out (path-exclude).
  echo "package.sh: dpkg left out the man page here (path-exclude); reading it from the package"
  tmp=$(mktemp -d)
  dpkg-deb -x "$deb" "$tmp"
  man -l "$tmp/usr/share/man/man1/simhadr.1.gz" 2>/dev/null | grep -q "preview Db2 HADR log shipping"
  rm -rf "$tmp"
fi
echo "package.sh: $deb installs, and simhadr, simhadr-sweep and man simhadr work"
