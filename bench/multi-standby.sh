#!/usr/bin/env bash
# A primary with a principal and up to two auxiliary standbys, each in a
# network namespace of its own behind a bridge, the primary's uplink limited
# by tbf (100 Mbit/s): the principal's rate with 0, 1 and 2 auxiliaries, each
# auxiliary's, their sum against the uplink, and what -model -uplinkRate
# predicts for each stream. Then an auxiliary stopped (SIGSTOP) for half a run
# beside the same run without the stop, and -spoolLimit 0 and -1 against a slow
# replay, real beside -model. Rounds alternate; medians. Not a test: it prints
# figures. Needs root. The stop needs runs of 6 s or more to show the catch-up.
# Usage: bench/multi-standby.sh [rounds, default 3] [seconds per run, default 3]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
seconds=${2:-3}
if [[ $(id -u) != 0 ]]; then
  echo "bench/multi-standby.sh makes network namespaces: run it as root" >&2
  exit 2
fi
tools/install-deps.sh >/dev/null
SIMHADR_BUILD_DIR=build-bench SIMHADR_BUILD_TESTS=OFF tools/build.sh >/dev/null
bin=$PWD/build-bench/simhadr
work=$(mktemp -d)
stem="simhadr-bench-$$"
site_down() {
  local ns
  for ns in "$stem"-p "$stem"-w "$stem"-s1 "$stem"-s2 "$stem"-s3; do
    ip netns delete "$ns" 2>/dev/null || true
  done
}
trap 'site_down; rm -rf "$work"' EXIT

# The site: a bridge in "$stem-w"; the primary at 198.18.0.1, standby i at 198.18.0.(1+i).
ip netns add "$stem-w"
ip -n "$stem-w" link add br0 type bridge
ip -n "$stem-w" link set br0 up
attach() { # attach NS ADDRESS DEVICE
  ip netns add "$1"
  ip -n "$1" link set lo up
  ip link add "$3a" netns "$1" type veth peer name "$3b" netns "$stem-w"
  ip -n "$1" addr add "$2/24" dev "$3a"
  ip -n "$1" link set "$3a" up
  ip -n "$stem-w" link set "$3b" master br0
  ip -n "$stem-w" link set "$3b" up
}
attach "$stem-p" 198.18.0.1 up
for i in 1 2 3; do attach "$stem-s$i" "198.18.0.$((1 + i))" "sb$i"; done
ip netns exec "$stem-p" tc qdisc add dev upa root tbf rate 100mbit burst 32kbit latency 400ms
uplink_payload=$(awk 'BEGIN { printf "%.3f", 12.5 * 1448 / 1538 }')

# site_run LABEL AUXILIARIES [STOP]: one ASYNC run; appends "principal aux2 aux3" MB/s, as
# each standby received them (its bytes over its run, which ends once the socket buffers have
# drained), to $work/LABEL. With STOP, standby 2 is stopped from 0.7 s in for half the run.
site_run() {
  local label=$1 auxiliaries=$2 stop=${3:-}
  local hosts=198.18.0.2 ports=47001 i pace=() small_window=()
  # The stop runs (and the run they are compared with) hold the log below the uplink, so that
  # an auxiliary left behind can catch up, and give the auxiliary a 256 KiB receive buffer:
  # what it has acknowledged but not read is beyond the primary's sight (Linux's autotuning
  # grows a receive buffer to 32 MiB here).
  if [[ $label == *stopped ]]; then
    pace=(-target 4 -interval 1)
    small_window=(-sockRcvBuf 262144)
  fi
  for ((i = 1; i <= auxiliaries; i++)); do
    hosts+=",198.18.0.$((2 + i))"
    ports+=",47001"
  done
  ip netns exec "$stem-p" "$bin" -role primary -lhost 198.18.0.1 -lport 47000 -rhost "$hosts" \
    -rport "$ports" -syncMode ASYNC -t "$seconds" "${pace[@]}" >"$work/primary.out" 2>&1 &
  local primary=$!
  local standbys=()
  for ((i = 0; i <= auxiliaries; i++)); do
    ip netns exec "$stem-s$((i + 1))" "$bin" -role standby -lhost "198.18.0.$((2 + i))" \
      -lport 47001 -rhost 198.18.0.1 -rport 47000 $( ((i > 0)) && echo "${small_window[@]}") \
      >"$work/standby$i.out" 2>&1 &
    standbys+=($!)
  done
  if [[ -n "$stop" ]]; then
    # ip netns exec execs simhadr, so the job's process is the standby itself.
    sleep 0.7
    kill -STOP "${standbys[1]}"
    sleep 2
    kill -CONT "${standbys[1]}"
  fi
  wait "$primary"
  for i in "${standbys[@]}"; do wait "$i" || true; done
  [[ -n "$stop" ]] && cp "$work/primary.out" "$work/stopped.out"
  local rates=()
  for ((i = 0; i < 3; i++)); do
    if ((i <= auxiliaries)); then
      rates+=("$(awk '/^(SUPER)?ASYNC: Total/ { print $(NF - 1) }' "$work/standby$i.out")")
    else
      rates+=(-)
    fi
  done
  echo "${rates[*]}" >>"$work/$label"
}
median() { # median FILE COLUMN
  awk -v c="$2" '$c != "-" { print $c }' "$work/$1" | sort -g |
    awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)]; else print "-" }'
}
model_rates() { # model_rates AUXILIARIES: "principal aux2 aux3" as -model predicts them
  local hosts=principal i
  for ((i = 1; i <= $1; i++)); do hosts+=",dr$i"; done
  "$bin" -model -syncMode ASYNC -rhost "$hosts" -uplinkRate 12.5 -t "$seconds" |
    awk '/^======== standby/ { exit }
         /^ASYNC: Total/ { p = $(NF - 1) }
         /^Auxiliary standby/ { n = $3 }
         /bytes sent in .* flushes/ && n { a[n] = $8; n = 0 }
         END { printf "%s %s %s\n", p, (2 in a ? a[2] : "-"), (3 in a ? a[3] : "-") }'
}

echo "== ASYNC through a bridge, primary uplink tbf 100 Mbit/s ($uplink_payload MB/s of TCP payload), $rounds rounds of $seconds s, medians (MB/s)"
for ((round = 1; round <= rounds; round++)); do
  for auxiliaries in 0 1 2; do site_run "aux$auxiliaries" "$auxiliaries"; done
done
printf '%-12s %10s %10s %10s %10s %10s   %s\n' auxiliaries principal standby2 standby3 sum \
  sum/uplink "-model: principal standby2 standby3"
for auxiliaries in 0 1 2; do
  p=$(median "aux$auxiliaries" 1) a2=$(median "aux$auxiliaries" 2) a3=$(median "aux$auxiliaries" 3)
  sum=$(awk -v p="$p" -v a="$a2" -v b="$a3" 'BEGIN { s = p; if (a != "-") s += a; if (b != "-") s += b; printf "%.3f", s }')
  printf '%-12s %10s %10s %10s %10s %9s%%   %s\n' "$auxiliaries" "$p" "$a2" "$a3" "$sum" \
    "$(awk -v s="$sum" -v u="$uplink_payload" 'BEGIN { printf "%.1f", s / u * 100 }')" \
    "$(model_rates "$auxiliaries")"
done

echo
echo "== -target 4 with one auxiliary (-sockRcvBuf 262144), stopped (SIGSTOP) 0.7 s in for 2 s, beside the same run without the stop (MB/s received)"
for ((round = 1; round <= rounds; round++)); do
  site_run unstopped 1
  site_run stopped 1 stop
done
printf '%-12s %10s %10s\n' run principal standby2
printf '%-12s %10s %10s\n' "no stop" "$(median unstopped 1)" "$(median unstopped 2)"
printf '%-12s %10s %10s\n' "stopped" "$(median stopped 1)" "$(median stopped 2)"
grep -E "^Interval|^Behind at (the end|worst)" "$work/stopped.out" | sed 's/^/  last stopped run: /'

echo
echo "== -spoolLimit: ASYNC -target 60 against -replay 20 -hadrBufSize 64, loopback, real beside -model (MB/s, spool max bytes)"
spool_run() { # spool_run LIMIT: appends "primary_MBps spool_max_bytes" to $work/spool$LIMIT
  "$bin" -role primary -lhost 127.0.0.1 -lport 47090 -rhost 127.0.0.1 -rport 1 -syncMode ASYNC \
    -target 60 -t "$seconds" >"$work/sp.out" 2>&1 &
  local primary=$!
  sleep 0.2
  "$bin" -role standby -lhost 127.0.0.1 -lport 0 -rhost 127.0.0.1 -rport 47090 -replay 20 \
    -hadrBufSize 64 -spoolLimit "$1" >"$work/ss.out" 2>&1 || true
  wait "$primary"
  printf '%s %s\n' "$(awk '/^ASYNC: Total/ { print $(NF - 1) }' "$work/sp.out")" \
    "$(awk '/^Spool:/ { for (i = 1; i <= NF; i++) if ($i == "most") print $(i + 1) }' "$work/ss.out" | grep . || echo 0)" \
    >>"$work/spool$1"
}
for ((round = 1; round <= rounds; round++)); do
  spool_run 0
  spool_run -1
done
printf '%-14s %12s %16s %12s %16s\n' spoolLimit real_MBps real_spool_max model_MBps model_spool_max
for limit in 0 -1; do
  model=$("$bin" -model -syncMode ASYNC -target 60 -t "$seconds" -replay 20 -hadrBufSize 64 -spoolLimit "$limit" |
    awk '/^======== primary/ { primary = 1 } /^ASYNC: Total/ && primary { r = $(NF - 1); primary = 0 }
         /^Spool:/ { for (i = 1; i <= NF; i++) if ($i == "most") m = $(i + 1) }
         END { printf "%s %s\n", r, (m ? m : 0) }')
  printf '%-14s %12s %16s %12s %16s\n' "$limit" "$(median "spool$limit" 1)" "$(median "spool$limit" 2)" $model
done
