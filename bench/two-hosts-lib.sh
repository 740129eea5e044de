# Sourced by the benches that run across two "hosts": network namespaces
# joined by a veth pair (198.18.0.1, 198.18.0.2), the primary's side limited
# by a token bucket. compare-lib.sh's pairs run there while PRIMARY_NS is set.
# Needs root; two_hosts_available says why not.

PRIMARY_NS="" STANDBY_NS=""
PRIMARY_ADDR=127.0.0.1 STANDBY_ADDR=127.0.0.1

two_hosts_available() {
  if [[ $(id -u) != 0 ]]; then
    echo "(not root: no namespaces, so no two-host figures)"
    return 1
  fi
}

# two_hosts_up RATE: makes the namespaces, "tc" RATE on the primary's side
# (e.g. 100mbit), and points the pairs at them.
two_hosts_up() {
  two_hosts_down
  local stem="simhadr-bench-$$"
  PRIMARY_NS=$stem-p STANDBY_NS=$stem-s
  ip netns add "$PRIMARY_NS"
  ip netns add "$STANDBY_NS"
  ip link add v0 netns "$PRIMARY_NS" type veth peer name v1 netns "$STANDBY_NS"
  ip -n "$PRIMARY_NS" addr add 198.18.0.1/24 dev v0
  ip -n "$STANDBY_NS" addr add 198.18.0.2/24 dev v1
  for ns in "$PRIMARY_NS" "$STANDBY_NS"; do ip -n "$ns" link set lo up; done
  ip -n "$PRIMARY_NS" link set v0 up
  ip -n "$STANDBY_NS" link set v1 up
  ip netns exec "$PRIMARY_NS" tc qdisc add dev v0 root tbf rate "$1" burst 32kbit latency 400ms
  PRIMARY_ADDR=198.18.0.1 STANDBY_ADDR=198.18.0.2
}

# Back to loopback; removes the namespaces (safe to call when there are none).
two_hosts_down() {
  local ns
  for ns in $PRIMARY_NS $STANDBY_NS; do ip netns delete "$ns" 2>/dev/null || true; done
  PRIMARY_NS="" STANDBY_NS=""
  PRIMARY_ADDR=127.0.0.1 STANDBY_ADDR=127.0.0.1
}
