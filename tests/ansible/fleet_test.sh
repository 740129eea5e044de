#!/usr/bin/env bash
# Runs tools/ansible/fleet.yml against two HADR pairs on this machine: four
# inventory hosts on the local connection, each with its own loopback address
# (127.0.0.2 to 127.0.0.5), log directory and remote folder. Pair "orders" is
# also given a sync mode that does not exist, so one of its runs fails while its
# standby is up. Checks that every run's result and both disk tests of each
# pair reach the controller, that the failed run is in the pair's CSV as failed,
# that the summary names both pairs with their figures, that the standbys were
# stopped and nothing of simhadr is left on the "hosts".
#
#   tests/ansible/fleet_test.sh STATIC_SIMHADR
set -euo pipefail

if (($# != 1)); then
  echo "usage: tests/ansible/fleet_test.sh STATIC_SIMHADR" >&2
  exit 2
fi
binary=$(realpath "$1")
source_dir=$(cd "$(dirname "$0")/../.." && pwd)
command -v ansible-playbook >/dev/null || {
  echo "fleet_test: needs ansible-playbook: run tools/install-deps.sh --ansible" >&2
  exit 1
}

work=$(mktemp -d /tmp/simhadr-fleet-test.XXXXXX)
hosts=$work/hosts
cleanup() {
  pkill -KILL -f "$hosts/" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  if [[ -s "$work/playbook.log" ]]; then tail -n 80 "$work/playbook.log" >&2; fi
  echo "fleet_test: FAILED: $*" >&2
  exit 1
}

mkdir -p "$work/dist" "$work/log"/{p1,s1,p2,s2}
cp "$binary" "$work/dist/simhadr-test-linux-$(uname -m)"
free_port() {
  python3 -c "import socket; s=socket.socket(); s.bind(('$1', 0)); print(s.getsockname()[1])"
}
cat >"$work/inventory.yml" <<YAML
all:
  vars:
    ansible_connection: local
    ansible_python_interpreter: $(command -v python3)
    simhadr_seconds: 1
    simhadr_flush_pages: [4, 16]
    simhadr_summary_flush_pages: 16
    simhadr_target_mbytes: 1
    simhadr_disk_test_options: ["-t", "0.1"]
  children:
    hadr_primaries:
      hosts:
        p1:
          hadr_pair: payroll
          hadr_standby: s1
          hadr_address: 127.0.0.2
          hadr_port: $(free_port 127.0.0.2)
          hadr_log_dir: $work/log/p1
          simhadr_sockbuf_sizes: [65536, 262144]
        p2:
          hadr_pair: orders
          hadr_standby: s2
          hadr_address: 127.0.0.4
          hadr_port: $(free_port 127.0.0.4)
          hadr_log_dir: $work/log/p2
          simhadr_sync_modes: [SYNC, NEARSYNC, ASYNC, SUPERASYNC, NOSUCHMODE]
    hadr_standbys:
      hosts:
        s1:
          hadr_address: 127.0.0.3
          hadr_log_dir: $work/log/s1
        s2:
          hadr_address: 127.0.0.5
          hadr_log_dir: $work/log/s2
YAML

results=$work/results
status=0
ANSIBLE_NOCOLOR=1 ANSIBLE_RETRY_FILES_ENABLED=0 timeout 600 ansible-playbook -f 4 \
  -i "$work/inventory.yml" "$source_dir/tools/ansible/fleet.yml" \
  -e "simhadr_dist=$work/dist simhadr_results=$results simhadr_remote_dir=$hosts" \
  >"$work/playbook.log" 2>&1 || status=$?
# The failed run makes fleet-report, and so the playbook, end with an error.
if ((status != 2)); then
  fail "ansible-playbook ended with $status, not 2 (a failed run)"
fi

check_pair() {
  local pair=$1 runs=$2
  local dir=$results/$pair
  [[ -n $(ls "$dir"/disk-primary-*.json 2>/dev/null) ]] || fail "$pair: no primary disk test"
  [[ -n $(ls "$dir"/disk-standby-*.json 2>/dev/null) ]] || fail "$pair: no standby disk test"
  local count
  count=$(ls "$dir"/run-*.json | wc -l)
  ((count == runs)) || fail "$pair: $count run results, not $runs"
  python3 - "$dir" <<'PY' || fail "$pair: a run did not complete"
import glob, json, sys
for path in glob.glob(sys.argv[1] + "/run-*.json"):
    doc = json.load(open(path))
    side = doc["runs"][0]
    assert doc["error"] is None and side["end"] == "completed", (path, doc["error"])
    assert side["log"]["flushes"] > 0, path
PY
  [[ -s "$dir/runs.csv" ]] || fail "$pair: no runs.csv"
  local standby_log served
  standby_log=$(ls "$dir"/standby-*.log 2>/dev/null | head -1)
  [[ -s "$standby_log" ]] || fail "$pair: no standby log"
  # It served every run, reported nothing that was not one (a connection reset
  # in an ending primary's backlog), and stopped on its TERM, not killed.
  served=$(grep -c 'Total [0-9]* flushes' "$standby_log" || true)
  ((served == runs)) && tail -n 1 "$standby_log" | grep -q '^Stopped' ||
    fail "$pair: the standby served $served runs of $runs, or did not stop cleanly:
$(tail -n 20 "$standby_log")"
  if command -v gnuplot >/dev/null; then [[ -s "$dir/runs.png" ]] || fail "$pair: no runs.png"; fi
}
check_pair payroll 10
check_pair orders 8
grep -q '^orders,NOSUCHMODE,.*,failed,' "$results/orders/runs.csv" ||
  fail "the failed run is not in orders/runs.csv: $(cat "$results/orders/runs.csv")"

summary=$results/summary.txt
for pair in payroll orders; do
  grep -Eq "^$pair +[0-9]+ .* [0-9]+\.[0-9] " "$summary" || fail "summary has no figures for $pair:
$(cat "$summary")"
done
grep -Eq '^payroll .* (65536|262144) \(search\)' "$summary" || fail "no socket buffers from the search:
$(cat "$summary")"

if pgrep -f "$hosts/" >/dev/null; then fail "simhadr still runs: $(pgrep -af "$hosts/")"; fi
[[ ! -e "$hosts/p1" && ! -e "$hosts/s1" && ! -e "$hosts/p2" && ! -e "$hosts/s2" ]] ||
  fail "simhadr's files were left on the hosts: $(ls -R "$hosts")"
echo "fleet_test: two pairs ran; every result arrived, the failed run is reported, nothing is left running"
cat "$summary"
