#!/usr/bin/env bash
# What TLS costs HADR's log shipping: each sync mode at 1, 16 and 256 pages,
# plain beside -tls (TLS 1.3) and -tls -tlsVersion 1.2, the three taking turns
# round after round; on loopback, then (as root) across two namespaces joined
# by a 1 Gbit/s link. For each: the primary's MB/s (median of the rounds) and
# each side's user+system CPU seconds per GB shipped. Beside the TLS rows,
# -model -tls's forecast for the same options over the link the plain runs
# measured, with the cost probe's figures (-tlsCost: the medians of a probe
# run after each TLS run of the row, so the model's cipher is measured in the
# same minutes as the runs it is set beside), and its error. Across the
# namespaces the wire sets the pace:
# -netRate from plain ASYNC at that flush size, -netDelay from the plain run of
# that mode. On loopback the "link" is the two CPUs: -tcpCost from each side's
# CPU per GB in plain ASYNC at that flush size, no -netRate, and -netDelay for
# what else a plain flush of that mode took. First, this host's cipher limit:
# `openssl speed -evp aes-256-gcm` at 16 KB, and what -model -tls measures at
# start-up. The "busy" column is how much of a CPU the TLS run kept busy: the
# busier side's share in ASYNC and SUPERASYNC (the two sides work at once), the
# two sides' sum in SYNC and NEARSYNC (a flush waits for both in turn); at 0.9
# and above the CPUs, not waits, set the pace, and the last lines count the
# model's rows within 10% among those. Not a test: it prints figures
# (docs/tls.md, "What it costs, measured").
# Usage: bench/tls.sh [rounds, default 3] [seconds per run, default 2]
# BENCH_MODES and BENCH_PAGES narrow the rows (ASYNC first: the others' model
# rows take its plain runs); BENCH_PLACES names the places (loopback, namespaces; both unless set).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
seconds=${2:-2}
tools/install-deps.sh --bench >/dev/null
SIMHADR_BUILD_DIR=build-bench SIMHADR_BUILD_TESTS=OFF tools/build.sh >/dev/null
bin=build-bench/simhadr
work=$(mktemp -d)
source bench/pair-lib.sh
source bench/compare-lib.sh
source bench/two-hosts-lib.sh
trap 'pkill -P $$ 2>/dev/null || true; two_hosts_down; rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

declare -A variants=([plain]="" [tls13]="-tls" [tls12]="-tls -tlsVersion 1.2")
order=(plain tls13 tls12)
payload_share=$(awk 'BEGIN { printf "%.6f", 1448 / 1538 }')

# side_gb DIR SIDE: that side's CPU seconds per 10^9 bytes the primary shipped.
side_gb() {
  awk -v cpu="$(awk '{print $1 + $2}' "$1/$2.cpu")" '/^[A-Z]+: Total [0-9]+ bytes in/ {
    bytes = $3; exit } END { if (bytes > 0) printf "%.3f\n", cpu / (bytes / 1e9); else print "-" }' "$1/p"
}

# cipher_figures "<tls options>" PAGES: the cost probe's encrypting and
# decrypting figures for flushes of PAGES (one -model start-up), "ENC DEC".
cipher_figures() {
  "$bin" -model $1 -syncMode ASYNC -flushSize "$2" -n 10 | awk '/^TLS: modelled/ {printf "%s ", $3}'
}

# model_mbytes "<options>": -model's MB/s for them.
model_mbytes() {
  "$bin" -model $1 -t 10 | awk '/^[A-Z]+: Total [0-9]+ bytes in/ {print $(NF-1); exit}'
}

echo "== this host's cipher"
openssl speed -evp aes-256-gcm -bytes 16384 -seconds 1 2>/dev/null |
  awk '/^AES-256-GCM/ { printf "openssl speed -evp aes-256-gcm, 16384-byte blocks: %.0f MB/s (%.3f s/GB)\n", $2 / 1000, 1e6 / $2 }'
"$bin" -model -tls -syncMode ASYNC -flushSize 256 -n 10 | grep '^TLS: modelled'
"$bin" -model -tls -tlsVersion 1.2 -syncMode ASYNC -flushSize 256 -n 10 | grep '^TLS: modelled' | tail -1

# model_link PLACE MODE PAGES: the -model options for the link the plain runs found.
model_link() {
  local stream=${plain_rate[ASYNC.$3]} here=${plain_rate[$2.$3]}
  if [[ $1 == loopback ]]; then
    local send=${plain_pgb[ASYNC.$3]} receive=${plain_sgb[ASYNC.$3]}
    awk -v p="$3" -v r="$here" -v ps="$send" -v ss="$receive" -v m="$2" 'BEGIN {
      b = p * 4096; d = (b / (r * 1e6) - b * (ps + ss) / 1e9) / 2
      if (m == "ASYNC" || m == "SUPERASYNC" || d < 0) d = 0
      printf "-tcpCost %s,%s -netDelay %.7f", ps, ss, d }'
  else
    awk -v p="$3" -v r="$here" -v s="$stream" -v share="$payload_share" 'BEGIN {
      b = p * 4096; d = (b / (r * 1e6) - b / (s * 1e6)) / 2
      printf "-netRate %.3f -netDelay %.7f", s / share, (d > 0 ? d : 0) }'
  fi
}

# cpu_busy MODE MB/S PRIMARY_S/GB STANDBY_S/GB: the share of a CPU the run kept busy.
cpu_busy() {
  awk -v m="$1" -v r="$2" -v p="$3" -v s="$4" 'BEGIN {
    if (p == "-" || s == "-") { print "-"; exit }
    busy = (m == "SYNC" || m == "NEARSYNC") ? p + s : (p > s ? p : s)
    printf "%.2f\n", busy * r / 1000 }'
}

# table PLACE: every mode and size, the variants in turns; then the model's rows.
table() {
  echo
  echo "== $1: $rounds rounds of ${seconds} s, MB/s of the primary (median), CPU s/GB per side (median)"
  printf '%-16s %-6s %10s %10s %9s %9s %5s %11s %8s\n' config tls "MB/s" "(range)" "prim s/GB" \
    "stby s/GB" busy "model MB/s" "model off"
  local cpu_bound=0 cpu_bound_close=0
  declare -A plain_rate plain_pgb plain_sgb
  local mode pages name round rates key encrypt decrypt
  for mode in ${BENCH_MODES:-ASYNC SUPERASYNC NEARSYNC SYNC}; do
    for pages in ${BENCH_PAGES:-1 16 256}; do
      declare -A got=() pgb=() sgb=() enc=() dec=()
      for ((round = 0; round < rounds; round++)); do
        for ((i = 0; i < ${#order[@]}; i++)); do
          name=${order[(i + round) % ${#order[@]}]}
          timed_pair "$bin" "$work/run" "-syncMode $mode -flushSize $pages -t $seconds ${variants[$name]}" \
            "${variants[$name]}"
          got[$name]+="$(mbytes "$work/run/p") "
          pgb[$name]+="$(side_gb "$work/run" p) "
          sgb[$name]+="$(side_gb "$work/run" s) "
          if [[ $name != plain ]]; then
            read -r encrypt decrypt <<<"$(cipher_figures "${variants[$name]}" $pages)"
            enc[$name]+="$encrypt "
            dec[$name]+="$decrypt "
          fi
        done
      done
      for name in "${order[@]}"; do
        rates=$(median ${got[$name]})
        local model="" off="" busy
        busy=$(cpu_busy "$mode" "$rates" "$(median ${pgb[$name]})" "$(median ${sgb[$name]})")
        if [[ $name == plain ]]; then
          plain_rate[$mode.$pages]=$rates
          plain_pgb[$mode.$pages]=$(median ${pgb[$name]})
          plain_sgb[$mode.$pages]=$(median ${sgb[$name]})
        else
          local cost="$(median ${enc[$name]}),$(median ${dec[$name]})"
          model=$(model_mbytes "-syncMode $mode -flushSize $pages ${variants[$name]} -tlsCost $cost $(model_link "$1" $mode $pages)")
          off=$(error_percent "$model" "$rates")
          if awk -v b="$busy" 'BEGIN { exit !(b != "-" && b >= 0.9) }'; then
            cpu_bound=$((cpu_bound + 1))
            if awk -v m="$model" -v r="$rates" 'BEGIN { d = (m - r) / r; exit !(d <= 0.1 && d >= -0.1) }'; then
              cpu_bound_close=$((cpu_bound_close + 1))
            fi
          fi
        fi
        printf '%-16s %-6s %10.1f %10s %9s %9s %5s %11s %8s\n' "$mode $pages" "$name" "$rates" \
          "$(spread ${got[$name]})" "$(median ${pgb[$name]})" "$(median ${sgb[$name]})" "$busy" \
          "${model:--}" "${off:--}"
      done
      unset got pgb sgb enc dec
    done
  done
  echo "$1: the model within 10% in $cpu_bound_close of the $cpu_bound TLS rows whose CPUs were busy 0.9 or more"
}

# ASYNC first: the other modes' model rows take its plain rate as the link's.
places=${BENCH_PLACES:-loopback namespaces}
if [[ $places == *loopback* ]]; then
  table "loopback"
fi
if [[ $places == *namespaces* ]] && two_hosts_available; then
  two_hosts_up 1gbit
  table "two namespaces, 1 Gbit/s (tbf on the primary's side)"
  two_hosts_down
fi
