#!/usr/bin/env bash
# Compressing paths on a slow link: two namespaces joined by a link of RATE
# (tbf on the primary's side), the standby reaching the primary directly,
# through an SSH tunnel, and through an SSH tunnel with compression (ssh -C,
# zlib), in ASYNC with 16-page flushes. Each path carries three payloads: the
# default (random bytes, new in every page), the original's dots, and a file
# set of real binary data (Debian's shared libraries, compressible about as a
# database's log is). The original runs beside ours where it can (dots only:
# it has no other payload). Prints the log rate (median of the rounds, MB/s)
# and, for ssh -C, what it should be: the direct link's rate times the
# payload's zlib ratio (the payload probe's), or the tunnel's CPU limit (the
# log its sshd session carried per CPU second: it compresses and encrypts on
# one thread), whichever is lower, and which it is; beside it, the limit the
# probe alone predicts (one core at its zlib CPU per GB).
# Usage: bench/compress.sh [rounds, default 3] [seconds per run, default 10] [rate, default 100mbit]
# Needs root (namespaces, and sshd in the primary's).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
seconds=${2:-10}
rate=${3:-100mbit}
tables=${4:-both}
tools/install-deps.sh --bench >/dev/null
SIMHADR_BUILD_DIR=build-bench SIMHADR_BUILD_TESTS=OFF tools/build.sh >/dev/null
bin=build-bench/simhadr
work=$(mktemp -d)
source bench/pair-lib.sh
source bench/compare-lib.sh
source bench/two-hosts-lib.sh
trap 'pkill -P $$ 2>/dev/null || true; two_hosts_down; rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
two_hosts_available || exit 0

# Real binary data from Debian's packages: the larger shared libraries, about 100 MB.
mapfile -t files < <(find /usr/lib/x86_64-linux-gnu -maxdepth 1 -type f -name 'lib*.so.*' \
  -size +1M -size -40M | sort | head -40)
((${#files[@]})) || { echo "no shared libraries found for the file payload" >&2; exit 2; }

# sshd in the primary's namespace, with a key of this run's own.
ssh-keygen -q -t ed25519 -N '' -f "$work/host_key"
ssh-keygen -q -t ed25519 -N '' -f "$work/key"
cp "$work/key.pub" "$work/authorized_keys"
cat >"$work/sshd_config" <<EOF
HostKey $work/host_key
ListenAddress 198.18.0.1
PermitRootLogin prohibit-password
AuthorizedKeysFile $work/authorized_keys
StrictModes no
UsePAM no
Compression yes
PidFile $work/sshd.pid
EOF
mkdir -p /run/sshd
two_hosts_up "$rate"
ip netns exec "$PRIMARY_NS" /usr/sbin/sshd -D -e -f "$work/sshd_config" 2>"$work/sshd.log" &

# tunnel_pair BIN DIR "<primary options>" "<ssh options>": one run through a
# tunnel the standby's side opens to the primary's sshd.
tunnel_pair() {
  local bin=$1 dir=$2 pport sport tport tunnel primary standby
  mkdir -p "$dir"
  : >"$dir/p"
  rm -f "$dir/tunnel.cpu"
  read -r pport sport < <(two_free_ports)
  tport=$((sport + 1))
  ip netns exec "$STANDBY_NS" ssh $4 -i "$work/key" -o BatchMode=yes -o StrictHostKeyChecking=no \
    -o UserKnownHostsFile=/dev/null -o ExitOnForwardFailure=yes -o LogLevel=ERROR -N \
    -L "127.0.0.1:$tport:$PRIMARY_ADDR:$pport" "root@$PRIMARY_ADDR" &
  tunnel=$!
  for _ in $(seq 400); do
    [[ -n $(ip netns exec "$STANDBY_NS" ss -Hltn "sport = :$tport") ]] && break
    sleep 0.025
  done
  # The tunnel's connection comes from the primary's own address: ours accepts it with -anyHost.
  local popts=$3
  [[ $bin != "${REF:-}" ]] && popts+=" -anyHost"
  timed_side "$bin" 0 primary "$pport" "$sport" "$popts" "$dir/p" &
  primary=$!
  for _ in $(seq 400); do
    [[ -n $(ip netns exec "$PRIMARY_NS" ss -Hltn "sport = :$pport") ]] && break
    sleep 0.025
  done
  ip netns exec "$STANDBY_NS" timeout 120 "$bin" -role standby -lhost 127.0.0.1 -lport "$sport" \
    -rhost 127.0.0.1 -rport "$tport" >"$dir/s" 2>&1 &
  standby=$!
  wait "$primary" || true
  end_standby "$standby"
  # The CPU seconds the primary's side of the tunnel (sshd's session: it
  # compresses and encrypts) spent, from its processes' ticks before they end.
  local session
  session=$(pgrep -f '^sshd: root' | sed 's|.*|/proc/&/stat|' | tr '\n' ' ')
  # shellcheck disable=SC2086
  [[ -n $session ]] && awk '{s += $14 + $15} END {printf "%.2f\n", s / 100}' $session >"$dir/tunnel.cpu"
  kill "$tunnel" 2>/dev/null || true
  wait "$tunnel" 2>/dev/null || true
}

# one_run BIN PATH DIR "<primary options>": PATH is direct, ssh or ssh-C.
one_run() {
  case $2 in
    direct) timed_pair "$1" "$3" "$4" "" ;;
    ssh) tunnel_pair "$1" "$3" "$4" "-o Compression=no" ;;
    ssh-C) tunnel_pair "$1" "$3" "$4" "-C" ;;
  esac
}

# zlib_figures DIR: the payload probe's zlib ratio and compress CPU s/GB, "RATIO SECONDS".
zlib_figures() {
  sed -n 's/.* zlib:6 \([0-9.]*\)x (\([0-9.]*\), .*/\1 \2/p' "$1/p" | head -1
}

# The link's rate in MB/s (tc's units), for -model's -netRate.
link_mbytes=$(awk -v r="$rate" 'BEGIN { n = r + 0; u = tolower(substr(r, length(n "") + 1))
  f = u == "gbit" ? 1e9 : u == "mbit" ? 1e6 : u == "kbit" ? 1e3 : 1; printf "%g\n", n * f / 8 / 1e6 }')

# compression_figures REPORT: "RATIO CPU_S/GB" from its Compression: line.
compression_figures() {
  sed -n 's/^Compression: .*, \([0-9.]*\) times smaller .*; \([0-9.]*\) CPU seconds per GB.*/\1 \2/p' "$1" | head -1
}

# model_mbytes MODE PAGES COMPRESS: the log rate -model gives on this link with -compress COMPRESS.
model_mbytes() {
  "$bin" -model -netRate "$link_mbytes" -t "$seconds" -syncMode "$1" -flushSize "$2" \
    -compress "$3" -payload "${files[@]}" >"$work/model" 2>&1 || true
  mbytes "$work/model"
}

# The model twice: with the codec's name it takes the payload probe's figures
# (measured alone as the run starts); given the real runs' own ratio and each
# side's CPU per GB (medians of their Compression: lines), it shows what the
# model's arithmetic makes of the figures the real pair paid.
compress_table() {
  echo
  echo "-compress on the link: $rate, the file set, $rounds rounds of $seconds s; model: -model -netRate $link_mbytes -compress CODEC (probe) or RATIO,P,S (the runs' figures)"
  printf '%-6s %-9s %6s %9s %6s %7s %7s %11s %9s %11s %9s\n' codec mode pages "ours MB/s" ratio \
    "P s/GB" "S s/GB" "probe MB/s" "ours/it" "given MB/s" "ours/it"
  local codec mode pages popts ours ratios pcpus scpus ratio pcpu scpu probed given r p s
  for codec in zlib lz4 zstd; do
    for mode in ASYNC NEARSYNC; do
      for pages in 16 256; do
        popts="-t $seconds -syncMode $mode -flushSize $pages -compress $codec -payload ${files[*]}"
        ours=() ratios=() pcpus=() scpus=()
        for ((round = 0; round < rounds; round++)); do
          timed_pair "$bin" "$work/compress" "$popts" "-compress $codec"
          ours+=("$(primary_mbytes "$work/compress")")
          read -r r p <<<"$(compression_figures "$work/compress/p")"
          read -r _ s <<<"$(compression_figures "$work/compress/s")"
          ratios+=("${r:-0}") pcpus+=("${p:-0}") scpus+=("${s:-0}")
        done
        ratio=$(median "${ratios[@]}") pcpu=$(median "${pcpus[@]}") scpu=$(median "${scpus[@]}")
        probed=$(model_mbytes "$mode" "$pages" "$codec")
        given=$(model_mbytes "$mode" "$pages" "$ratio,$pcpu,$scpu")
        printf '%-6s %-9s %6s %9s %6s %7.1f %7.2f %11s %9s %11s %9s\n' "$codec" "$mode" "$pages" \
          "$(one_decimal "$(median "${ours[@]}")")" "$ratio" "$pcpu" "$scpu" \
          "$(one_decimal "${probed:--}")" "$(ratio "$(median "${ours[@]}")" "${probed:--}")" \
          "$(one_decimal "${given:--}")" "$(ratio "$(median "${ours[@]}")" "${given:--}")"
      done
    done
  done
}

if [[ $tables == compress ]]; then
  compress_table
  exit 0
fi

echo "compressing paths: $rate between two namespaces, ASYNC 16 pages, $rounds rounds of $seconds s"
echo "original: ${REF:-not given (set SIMHADR_REF)}; file payload: ${#files[@]} shared libraries" \
  "($(du -cb "${files[@]}" | tail -1 | cut -f1) bytes)"
printf '%-16s %-7s %9s %9s %6s %10s %10s %9s %-14s %7s\n' payload path "ours MB/s" "orig MB/s" \
  "zlib" "probe lim" "tunnel lim" expected "(which)" "ours/exp"
declare -A direct=()
for payload in incompressible dots files; do
  popts="-t $seconds -syncMode ASYNC -flushSize 16 -payload"
  if [[ $payload == files ]]; then popts+=" ${files[*]}"; else popts+=" $payload"; fi
  for path in direct ssh ssh-C; do
    ours=() theirs=() tunnel=()
    for ((round = 0; round < rounds; round++)); do
      one_run "$bin" "$path" "$work/ours" "$popts"
      ours+=("$(primary_mbytes "$work/ours")")
      if [[ -s $work/ours/tunnel.cpu ]]; then
        tunnel+=("$(awk -v cpu="$(cat "$work/ours/tunnel.cpu")" '/^[A-Z]+: Total [0-9]+ bytes in/ {
          if (cpu > 0) printf "%.1f\n", $3 / 1e6 / cpu; exit }' "$work/ours/p")")
      fi
      if [[ -n $REF && $payload == dots ]]; then
        one_run "$REF" "$path" "$work/theirs" "-t $seconds -syncMode ASYNC -flushSize 16"
        theirs+=("$(primary_mbytes "$work/theirs")")
      fi
    done
    mb=$(median "${ours[@]}")
    [[ $path == direct ]] && direct[$payload]=$mb
    read -r zratio zcost <<<"$(zlib_figures "$work/ours")"
    # Random bytes are not probed: no compressor shrinks them.
    [[ $payload == incompressible && -z ${zratio:-} ]] && zratio=1
    probe_limit=- tunnel_limit=- expected=- which="" versus=-
    if [[ $path == ssh-C && -n ${zratio:-} ]]; then
      probe_limit=$(awk -v c="$zcost" 'BEGIN { if (c > 0) printf "%.1f\n", 1000 / c; else print "-" }')
      ((${#tunnel[@]})) && tunnel_limit=$(median "${tunnel[@]}")
      read -r expected which <<<"$(awk -v d="${direct[$payload]}" -v r="$zratio" -v t="$tunnel_limit" 'BEGIN {
        link = d * r; if (t == "-" || link <= t) printf "%.1f link_x_ratio\n", link; else printf "%.1f tunnel_cpu\n", t }')"
      versus=$(ratio "$mb" "$expected")
    fi
    orig=-
    ((${#theirs[@]})) && orig=$(one_decimal "$(median "${theirs[@]}")")
    printf '%-16s %-7s %9s %9s %6s %10s %10s %9s %-14s %7s\n' "$payload" "$path" "$(one_decimal "$mb")" \
      "$orig" "${zratio:--}" "$probe_limit" "$(one_decimal "$tunnel_limit")" "$expected" "$which" "$versus"
  done
done
[[ $tables == paths ]] || compress_table
