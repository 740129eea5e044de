#!/usr/bin/env bash
# -calculate beside IBM's HADR calculator on a day of db2logscan lines (1440
# one-minute intervals, figures drawn with a fixed seed): wall and CPU seconds
# of ours and of the script, rounds alternating, medians; then -calculate
# -model on the same day over a WAN and a LAN; then a month of minutes (43200
# lines) over the WAN on one thread and on every CPU: the speed-up, and whether
# the two outputs are the same byte for byte. Not a test: it prints figures.
# Usage: SIMHADR_CALCULATOR=/path/to/hadrCalculator.pl bench/calculate.sh [rounds, default 5]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
tools/install-deps.sh >/dev/null
SIMHADR_BUILD_DIR=build-bench SIMHADR_BUILD_TESTS=OFF tools/build.sh >/dev/null
bin=build-bench/simhadr
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# scan <file> <minutes>: db2logscan rate lines, one a minute, then the distribution's average
scan() {
  /usr/bin/python3 - "$1" "$2" <<'EOF'
import random, sys
random.seed(15)
minutes = int(sys.argv[2])
with open(sys.argv[1], "w") as out:
    rates = []
    for minute in range(minutes):
        rate = 0.01 + 8 * random.random() ** 2
        rates.append(rate)
        day, hour, m = 1 + minute // 1440, minute // 60 % 24, minute % 60
        out.write(f"2024-03-{day:02d} {hour:02d}:{m:02d}:00 {rate:6.3f} MB/s, 60 sec, "
                  f"{1 + 30 * random.random():5.1f} pg/f, {0.01 * random.random():.6f} sec/f, "
                  f"{1 + 40 * random.random():5.1f} pg/tr, {random.random():.6f} sec/tr, "
                  f"{0.05 * random.random():.6f} sec/cmt, nOpenTrans {0.5 + 40 * random.random():5.1f}\n")
    out.write("Distribution of log write rate (unit is MB/s):\n")
    out.write(f"Total {minutes} numbers, Avg {sum(rates) / len(rates):.3f}\n")
EOF
}
scan "$work/day.txt" 1440

# timed <label> <command...>: appends "wall cpu" to $work/<label>
timed() {
  local label=$1
  shift
  /usr/bin/time -f '%e %U %S' -o "$work/time" "$@" >"$work/out.$label"
  awk '{ printf "%s %.3f\n", $1, $2 + $3 }' "$work/time" >>"$work/$label"
}
median() { sort -n -k"$2" "$work/$1" | awk -v c="$2" '{ v[NR] = $c } END { print v[int((NR + 1) / 2)] }'; }

link=(-network 10 0.1 -disk 200 0.001 -syncMode SYNC,NEARSYNC,ASYNC,SUPERASYNC)
script=${SIMHADR_CALCULATOR:-}
echo "== closed form, 1440 intervals, 4 modes, $rounds rounds (medians)"
for ((round = 1; round <= rounds; round++)); do
  timed ours "$bin" -calculate "$work/day.txt" "${link[@]}"
  if [[ -n "$script" ]]; then
    timed script /usr/bin/perl "$script" "${link[@]}" "$work/day.txt"
  fi
done
printf '%-22s %10s %10s\n' program wall_s cpu_s
printf '%-22s %10s %10s\n' "simhadr -calculate" "$(median ours 1)" "$(median ours 2)"
if [[ -n "$script" ]]; then
  printf '%-22s %10s %10s\n' "hadrCalculator.pl" "$(median script 1)" "$(median script 2)"
  if cmp -s <(tail -n +3 "$work/out.ours") <(tail -n +3 "$work/out.script"); then
    echo "outputs after the two header lines: identical"
  else
    echo "outputs after the two header lines: DIFFERENT"
  fi
else
  echo "(SIMHADR_CALCULATOR is not set: the script's row is left out)"
fi

echo
echo "== -calculate -model, 1440 intervals, SYNC,NEARSYNC,ASYNC, one run each"
printf '%-34s %10s %10s %12s\n' link wall_s cpu_s short_intervals
for setting in "10 0.1 65536" "10 0.1 6291456" "120 0.0001 6291456"; do
  read -r rate rtt window <<<"$setting"
  rm -f "$work/model"
  timed model "$bin" -calculate "$work/day.txt" -network "$rate" "$rtt" -disk 200 0.001 -model \
    -sockSndBuf "$window"
  short=$(grep -c '^ *why:' "$work/out.model" || true)
  printf '%-34s %10s %10s %12s\n' "-network $rate $rtt, window $window" "$(median model 1)" \
    "$(median model 2)" "$short"
done

echo
echo "== -calculate -model, a month: 43200 intervals, SYNC,NEARSYNC,ASYNC, -network 10 0.1 -disk 200 0.0005"
scan "$work/month.txt" 43200
month=(-calculate "$work/month.txt" -network 10 0.1 -disk 200 0.0005 -model)
printf '%-22s %10s %10s\n' threads wall_s cpu_s
for threads in 1 "$(nproc)"; do
  rm -f "$work/month.$threads"
  timed "month.$threads" "$bin" "${month[@]}" -threads "$threads"
  cp "$work/out.month.$threads" "$work/text.$threads"
  printf '%-22s %10s %10s\n' "$threads" "$(median "month.$threads" 1)" "$(median "month.$threads" 2)"
done
awk -v one="$(median month.1 1)" -v all="$(median "month.$(nproc)" 1)" \
  'BEGIN { printf "speed-up over one thread: %.2fx\n", one / all }'
if cmp -s "$work/text.1" "$work/text.$(nproc)"; then
  echo "outputs on 1 and $(nproc) threads: identical"
else
  echo "outputs on 1 and $(nproc) threads: DIFFERENT"
fi
