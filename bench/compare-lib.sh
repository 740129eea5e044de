# Sourced by the benches that put simhadr beside the original (SIMHADR_REF):
# pairs of either program on loopback (or across two namespaces, after
# two-hosts-lib.sh's two_hosts_up), run in alternating rounds, with the CPU
# seconds of both processes, and medians. Needs $rounds and pair-lib.sh.
# OURS_OPTIONS adds options to our primary only, for what the original has no
# option for (OURS_OPTIONS="-payload dots" sends its payload, one image of '.').
# ONLY_THROUGHPUT=1 leaves out the sections after the throughput table.

REF=${SIMHADR_REF:-}
# Loopback unless two-hosts-lib.sh moves the pairs into namespaces.
: "${PRIMARY_NS:=}" "${STANDBY_NS:=}" "${PRIMARY_ADDR:=127.0.0.1}" "${STANDBY_ADDR:=127.0.0.1}"

# `$(in_namespace NS) COMMAND...` runs COMMAND in NS, or here when NS is empty.
in_namespace() {
  if [[ -n $1 ]]; then echo ip netns exec "$1"; fi
}
if [[ -n "$REF" && ! -x "$REF" ]]; then
  echo "SIMHADR_REF=$REF is not an executable file" >&2
  exit 2
fi

# Two ports below the kernel's ephemeral range that no socket uses in any
# state: the original binds without SO_REUSEADDR, so a port a recent
# connection used (TIME_WAIT) would fail its bind.
two_free_ports() {
  local low ports=() port
  read -r low _ </proc/sys/net/ipv4/ip_local_port_range
  while ((${#ports[@]} < 2)); do
    port=$((low - 12000 + RANDOM % 10000))
    [[ -z $($(in_namespace "$PRIMARY_NS") ss -Htan "( sport = :$port or dport = :$port )") &&
      " ${ports[*]-} " != *" $port "* ]] &&
      ports+=("$port")
  done
  echo "${ports[@]}"
}

# With PIN_SIDES=1 the primary runs on CPU 0 and the standby on CPU 1, as two
# hosts would each have their own; otherwise the kernel places them.
# `$(cpu_pin N) COMMAND...` stays one simple command, so `time` measures it and
# the PID of a background one is the command's own, which a kill reaches.
cpu_pin() {
  if [[ ${PIN_SIDES:-0} == 1 ]]; then echo taskset -c "$1"; fi
}

# timed_side BIN CPU ROLE LPORT RPORT "<options>" OUT: one side, bounded at
# 120 s; its report in OUT and its user+system CPU seconds in OUT.cpu.
timed_side() {
  local TIMEFORMAT='%U %S' ns=$PRIMARY_NS here=$PRIMARY_ADDR there=$STANDBY_ADDR
  [[ $3 == standby ]] && ns=$STANDBY_NS here=$STANDBY_ADDR there=$PRIMARY_ADDR
  { time $(in_namespace "$ns") $(cpu_pin "$2") timeout 120 "$1" -role "$3" -lhost "$here" \
    -lport "$4" -rhost "$there" -rport "$5" $6 >"$7" 2>&1; } 2>"$7.cpu"
}

# end_standby PID: once its primary has ended. A primary that failed leaves an
# original standby waiting without end: after 10 s, what PID started is stopped.
end_standby() {
  for _ in $(seq 100); do
    kill -0 "$1" 2>/dev/null || break
    sleep 0.1
  done
  pkill -P "$1" 2>/dev/null || true
  wait "$1" || true
}

# timed_pair BIN DIR "<primary options>" "<standby options>": one run of BIN's
# primary and standby, to its end. Leaves the reports in DIR/p and
# DIR/s and the user+system CPU seconds of both in DIR/cpu.
timed_pair() {
  local bin=$1 dir=$2 pport sport primary standby
  mkdir -p "$dir"
  : >"$dir/p"
  read -r pport sport < <(two_free_ports)
  timed_side "$bin" 0 primary "$pport" "$sport" "$3" "$dir/p" &
  primary=$!
  # The original's report is block-buffered in a file, so ask the kernel whether it listens yet.
  for _ in $(seq 400); do
    [[ -n $($(in_namespace "$PRIMARY_NS") ss -Hltn "sport = :$pport") ]] && break
    sleep 0.025
  done
  timed_side "$bin" 1 standby "$sport" "$pport" "$4" "$dir/s" &
  standby=$!
  wait "$primary" || true
  end_standby "$standby"
  cat "$dir/p.cpu" "$dir/s.cpu" | awk '{s += $1 + $2} END {printf "%.3f\n", s}' >"$dir/cpu"
}

median() { printf '%s\n' "$@" | sort -g | awk '{v[NR] = $1} END {
  if (NR == 0) print "-"; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

spread() {
  if (($# == 0)); then echo -; return; fi
  printf '%s\n' "$@" | sort -g | awk 'NR == 1 {lo = $1} {hi = $1} END {
    if (hi < 100) printf "%.1f-%.1f\n", lo, hi; else printf "%.0f-%.0f\n", lo, hi }'
}

one_decimal() { awk -v v="$1" 'BEGIN { if (v == "-") print v; else printf "%.1f\n", v }'; }

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "-" || b == "-" || b == 0) print "-"; else printf "%.2f\n", a / b }'; }

# same_work DIR "<primary options>" "<standby options>": the primary options
# with "-t SECONDS" turned into "-n FLUSHES", the flushes the original (ours
# without SIMHADR_REF) ships in that time in one run first. Every round of both
# programs then does the same work, so CPU seconds per GB compare costs: in a
# timed run both pairs spend about the same CPU per second, and CPU per GB
# would only follow the throughput's round-to-round noise. The run also warms
# the pair up. Options without -t come back as they are.
same_work() {
  local timed='(^| )-t ([0-9.]+)( |$)'
  if [[ ! $2 =~ $timed ]]; then
    echo "$2"
    return
  fi
  timed_pair "${REF:-$bin}" "$1/calibrate" "$2" "$3"
  local n
  n=$(flushes "$1/calibrate/p")
  [[ -n $n && $n -gt 0 ]] || n=1
  echo "${2/${BASH_REMATCH[0]}/${BASH_REMATCH[1]}-n $n${BASH_REMATCH[3]}}"
}

# side_by_side DIR "<primary options>" "<standby options>" FIGURE: $rounds rounds,
# ours and the original taking turns to go first. FIGURE names a function that
# reads one figure from a run's directory. Sets OURS, THEIRS (medians, "-"
# without SIMHADR_REF), OURS_SPREAD, THEIRS_SPREAD (lowest-highest) and
# OURS_CPU, THEIRS_CPU (median CPU seconds).
side_by_side() {
  local dir=$1 figure=$4 round
  local ours=() theirs=() ours_cpu=() theirs_cpu=() ours_gb=() theirs_gb=()
  for ((round = 0; round < rounds; round++)); do
    local order=(ours theirs)
    ((round % 2)) && order=(theirs ours)
    for who in "${order[@]}"; do
      if [[ $who == ours ]]; then
        timed_pair "$bin" "$dir/ours" "$2${OURS_OPTIONS:+ $OURS_OPTIONS}" "$3"
        ours+=("$($figure "$dir/ours")")
        ours_cpu+=("$(cat "$dir/ours/cpu")")
        ours_gb+=("$(cpu_per_gb "$dir/ours")")
      elif [[ -n "$REF" ]]; then
        timed_pair "$REF" "$dir/theirs" "$2" "$3"
        theirs+=("$($figure "$dir/theirs")")
        theirs_cpu+=("$(cat "$dir/theirs/cpu")")
        theirs_gb+=("$(cpu_per_gb "$dir/theirs")")
      fi
    done
  done
  OURS=$(median "${ours[@]}") OURS_CPU=$(median "${ours_cpu[@]}")
  THEIRS=$(median "${theirs[@]+"${theirs[@]}"}") THEIRS_CPU=$(median "${theirs_cpu[@]+"${theirs_cpu[@]}"}")
  OURS_SPREAD=$(spread "${ours[@]}") THEIRS_SPREAD=$(spread "${theirs[@]+"${theirs[@]}"}")
  OURS_CPU_GB=$(median "${ours_gb[@]}") THEIRS_CPU_GB=$(median "${theirs_gb[@]+"${theirs_gb[@]}"}")
}

# cpu_per_gb DIR: both processes' CPU seconds per 10^9 bytes the primary shipped.
cpu_per_gb() {
  awk -v cpu="$(cat "$1/cpu")" '/^[A-Z]+: Total [0-9]+ bytes in/ { bytes = $3; exit }
    END { if (bytes > 0) printf "%.3f\n", cpu / (bytes / 1e9); else print "-" }' "$1/p"
}

# Figures of one run's directory.
primary_mbytes() { mbytes "$1/p"; }
# primary_cpu_per_gb DIR: the primary's own CPU seconds per 10^9 bytes it shipped.
primary_cpu_per_gb() {
  awk -v cpu="$(awk '{print $1 + $2}' "$1/p.cpu")" '/^[A-Z]+: Total [0-9]+ bytes in/ { bytes = $3; exit }
    END { if (bytes > 0) printf "%.3f\n", cpu / (bytes / 1e9); else print "-" }' "$1/p"
}
primary_sec_per_flush() { sec_per_flush "$1/p"; }
standby_sec_per_write() { awk '/ write calls, .* sec\/write/ {print $(NF-1); exit}' "$1/s"; }

# error_percent MEASURED EXPECTED
error_percent() {
  awk -v m="$1" -v e="$2" 'BEGIN { if (m == "-" || m == "") print "-"; else printf "%+.2f%%\n", (m - e) / e * 100 }'
}
distance_percent() {
  awk -v m="$1" -v e="$2" 'BEGIN { if (m == "-" || m == "") print "-"; else { d = (m - e) / e * 100; printf "%.2f%%\n", d < 0 ? -d : d } }'
}

# throughput_heading TITLE: the line over a throughput table, with what its figures are.
throughput_heading() {
  [[ -n ${OURS_OPTIONS:-} ]] && echo "ours with $OURS_OPTIONS on its primary"
  echo "== $1 (MB/s of the primary, medians; each round of both ships the flushes the original ships in $seconds s;"
  echo "   s/GB = user+sys CPU seconds of both processes per 10^9 bytes shipped)"
}

# The throughput table: one row per "label|primary options|standby options",
# or "label|primary options|standby options|baseline MB/s" to add a column of
# a baseline (iperf3 at the same write size) and ours against it. Prints
# medians with the lowest-highest of the rounds, the ratio ours/original and
# the CPU seconds per GB shipped of both pairs (a row's "-t SECONDS" becomes the
# same number of flushes for both: same_work), then the median and the lowest
# ratio, and in how many configs ours cost more CPU per GB.
throughput_table() {
  local ratios=() row label popts sopts baseline r extra dearer=0 compared=0
  printf '%-30s %9s %11s %9s %11s %6s %9s %9s' config "ours MB/s" "(range)" "orig MB/s" "(range)" \
    ratio "ours s/GB" "orig s/GB"
  [[ $1 == *'|'*'|'*'|'* ]] && printf ' %11s %10s' "iperf3 MB/s" "ours/iperf"
  echo
  for row in "$@"; do
    IFS='|' read -r label popts sopts baseline <<<"$row"
    popts=$(same_work "$work/run" "$popts" "$sopts")
    side_by_side "$work/run" "$popts" "$sopts" primary_mbytes
    r=$(ratio "$OURS" "$THEIRS")
    [[ $r != - ]] && ratios+=("$r")
    extra=""
    [[ -n $baseline ]] && extra=$(printf ' %11s %10s' "$baseline" "$(ratio "$OURS" "$baseline")")
    printf '%-30s %9.1f %11s %9s %11s %6s %9s %9s%s\n' "$label" "$OURS" "$OURS_SPREAD" \
      "$(one_decimal "$THEIRS")" "$THEIRS_SPREAD" "$r" "$OURS_CPU_GB" \
      "$THEIRS_CPU_GB" "$extra"
    if [[ $OURS_CPU_GB != - && $THEIRS_CPU_GB != - ]]; then
      compared=$((compared + 1))
      awk -v a="$OURS_CPU_GB" -v b="$THEIRS_CPU_GB" 'BEGIN { exit !(a > b) }' && dearer=$((dearer + 1))
    fi
  done
  if ((${#ratios[@]})); then
    printf 'ours/original: median %s, lowest %s\n' "$(median "${ratios[@]}")" \
      "$(printf '%s\n' "${ratios[@]}" | sort -g | head -1)"
    printf 'CPU per GB: ours higher than the original in %s of %s configs\n' "$dearer" "$compared"
  else
    echo "(SIMHADR_REF is not set: the original's column is empty)"
  fi
}

# cpu_row OPTIONS: the CPU seconds of both pairs for one throttled run.
cpu_row() {
  side_by_side "$work/run" "$1" "" primary_mbytes
  printf 'ours %s s, original %s s (%s MB/s, %s MB/s)\n' "$OURS_CPU" "$THEIRS_CPU" "$OURS" "$THEIRS"
}

# What a flush costs with -disk 50 0.001 on both sides in SYNC: two writes of
# 1.327680 ms (4 pages), plus a loopback round trip. Ours and the original's
# error against that, and our standby's sec/write against the model.
flush_cost_table() {
  local expected=0.00265536 write=0.00132768
  local opts="-syncMode SYNC -flushSize 4 -disk 50 0.001 -n 1000"
  side_by_side "$work/run" "$opts" "-disk 50 0.001" primary_sec_per_flush
  printf '%-34s %12s %10s %12s %10s\n' "SYNC 4 pages -disk 50 0.001" "ours s/flush" error \
    "orig s/flush" error
  printf '%-34s %12s %10s %12s %10s\n' "-n 1000, against 2 x $write" "$OURS" \
    "$(error_percent "$OURS" $expected)" "$THEIRS" "$(error_percent "$THEIRS" $expected)"
  printf 'our standby: %s sec/write, the model %s\n' "$(standby_sec_per_write "$work/run/ours")" "$write"
}

# -disk 100 0.0005 on both sides, four modes x 1/16/256 pages: each program's
# distance from what -model gives for the same options.
model_distance_table() {
  local mode pages model opts
  printf '%-22s %10s %10s %10s %9s %9s\n' config "model MB/s" "ours MB/s" "orig MB/s" "ours off" "orig off"
  for mode in SYNC NEARSYNC ASYNC SUPERASYNC; do
    for pages in 1 16 256; do
      opts="-syncMode $mode -flushSize $pages -disk 100 0.0005"
      model=$("$bin" -model $opts -t 60 | awk '/^[A-Z]+: Total [0-9]+ bytes in/ {print $(NF-1); exit}')
      side_by_side "$work/run" "$opts -t $seconds" "-disk 100 0.0005" primary_mbytes
      printf '%-22s %10s %10s %10s %9s %9s\n' "$mode $pages" "$model" "$OURS" "$THEIRS" \
        "$(distance_percent "$OURS" "$model")" "$(distance_percent "$THEIRS" "$model")"
    done
  done
}

# -target 50 and 400 in every mode: how close each program holds the rate.
target_table() {
  local mode target
  printf '%-22s %10s %9s %10s %9s\n' config "ours MB/s" error "orig MB/s" error
  for target in 50 400; do
    for mode in SYNC NEARSYNC ASYNC SUPERASYNC; do
      side_by_side "$work/run" "-syncMode $mode -flushSize 16 -target $target -t $seconds" "" primary_mbytes
      printf '%-22s %10s %9s %10s %9s\n' "$mode -target $target" "$OURS" \
        "$(error_percent "$OURS" $target)" "$THEIRS" "$(error_percent "$THEIRS" $target)"
    done
  done
}

# The sections both benches print after their throughput table.
timing_tables() {
  [[ ${ONLY_THROUGHPUT:-0} == 1 ]] && return
  echo
  echo "== CPU, NEARSYNC 16 pages -target 50 -t 4 (both processes)"
  cpu_row "-syncMode NEARSYNC -flushSize 16 -t 4 -target 50"
  echo
  echo "== what a flush costs"
  flush_cost_table
  echo
  echo "== -target held"
  target_table
  echo
  echo "== distance from -model (-disk 100 0.0005 on both sides)"
  model_distance_table
}
