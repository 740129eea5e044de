# Sourced by the benches: a primary and a standby of "$bin" on loopback.

# start_pair DIR "<primary options>" "<standby options>": starts both in the
# background with their reports in DIR/p and DIR/s, and sets PAIR_PIDS to
# "<primary pid> <standby pid>".
start_pair() {
  local dir=$1
  mkdir -p "$dir"
  "$bin" -role primary -lhost 127.0.0.1 -lport 0 -rhost 127.0.0.1 -rport 1 $2 >"$dir/p" 2>&1 &
  local primary=$!
  local port=""
  for _ in $(seq 200); do
    port=$(sed -n 's/^Listening on local host TCP port \([0-9]*\)$/\1/p' "$dir/p")
    [[ -n "$port" ]] && break
    sleep 0.05
  done
  "$bin" -role standby -lhost 127.0.0.1 -lport 0 -rhost 127.0.0.1 -rport "$port" $3 >"$dir/s" 2>&1 &
  PAIR_PIDS="$primary $!"
}

# The figures of one report.
mbytes() { awk '/^[A-Z]+: Total [0-9]+ bytes in/ {print $(NF-1); exit}' "$1"; }
sec_per_flush() { awk '/ sec\/flush, / {print $4; exit}' "$1"; }
flushes() { awk '/^Total [0-9]+ flushes,/ {print $2; exit}' "$1"; }
bytes_sent() { awk '/^Total [0-9]+ bytes sent in/ {print $2; exit}' "$1"; }
bytes_recv() { awk '/^Total [0-9]+ bytes recv in/ {print $2; exit}' "$1"; }
