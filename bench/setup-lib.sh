# Sourced first by the benches that run pairs on loopback: installs what the
# benches need, builds the release binary without the tests into build-bench
# as $bin, and makes $work, a scratch folder removed, with every process the
# bench started, when it ends.
tools/install-deps.sh --bench >/dev/null
SIMHADR_BUILD_DIR=build-bench SIMHADR_BUILD_TESTS=OFF tools/build.sh >/dev/null
bin=build-bench/simhadr
work=$(mktemp -d)
trap 'pkill -P $$ 2>/dev/null || true; rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
