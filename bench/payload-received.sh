#!/usr/bin/env bash
# What a standby receives, as compressors and deduplicators would see it: a
# primary and a standby on loopback with a relay between them that keeps the
# bytes the primary sent (ASYNC, 256-page flushes, the default payload or
# -payload KIND). Prints, for the first GB (zstd -19: the first 64 MiB, which
# it takes a minute to compress): each compressor's ratio (bytes in over bytes
# out) as a link or a tunnel would apply it (gzip -6 is zlib as ssh -C uses it;
# zstd --long=27 looks back 128 MiB, beyond the pool the payload reuses, so it
# is the path the default does not hold against); then, over all it kept, how
# many 4 KB chunks repeat, cut at the pages' own boundaries and at three other
# offsets (a chunk a content-defined chunker cuts anywhere holds as much).
# Usage: bench/payload-received.sh [GB to keep, default 4] [payload, default incompressible]
set -euo pipefail
cd "$(dirname "$0")/.."
gigabytes=${1:-4}
payload=${2:-incompressible}
source bench/setup-lib.sh
keep=$((gigabytes * 1000 * 1000 * 1000))

"$bin" -role primary -lhost 127.0.0.1 -lport 0 -rhost 127.0.0.1 -rport 1 -syncMode ASYNC \
  -flushSize 256 -payload "$payload" -t 600 >"$work/p" 2>&1 &
port=""
for _ in $(seq 200); do
  port=$(sed -n 's/^Listening on local host TCP port \([0-9]*\)$/\1/p' "$work/p")
  [[ -n "$port" ]] && break
  sleep 0.05
done
[[ -n "$port" ]] || { cat "$work/p"; exit 1; }

# The relay: the standby connects to it, it connects to the primary, and it
# keeps the first `keep` bytes the primary sends, then ends both connections.
python3 - "$port" "$keep" "$work/stream" "$work/relay-port" <<'EOF' &
import os, socket, sys, threading
primary_port, keep, path, port_file = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
listener = socket.create_server(("127.0.0.1", 0))
open(port_file, "w").write(str(listener.getsockname()[1]))
standby, _ = listener.accept()
primary = socket.create_connection(("127.0.0.1", primary_port))
def acks():
    try:
        while data := standby.recv(65536):
            primary.sendall(data)
    except OSError:
        pass
threading.Thread(target=acks, daemon=True).start()
buffer = bytearray(1 << 20)
kept = 0
with open(path, "wb") as out:
    while kept < keep:
        got = primary.recv_into(buffer)
        if not got:
            break
        chunk = memoryview(buffer)[:min(got, keep - kept)]
        out.write(chunk)
        standby.sendall(memoryview(buffer)[:got])
        kept += len(chunk)
primary.close()
standby.close()
EOF
relay=$!
for _ in $(seq 200); do [[ -s "$work/relay-port" ]] && break; sleep 0.05; done
"$bin" -role standby -lhost 127.0.0.1 -lport 0 -rhost 127.0.0.1 -rport "$(cat "$work/relay-port")" \
  >"$work/s" 2>&1 &
wait "$relay"
pkill -P $$ 2>/dev/null || true
kept=$(stat -c %s "$work/stream")
echo "payload $payload: $kept bytes the standby received (ASYNC, 256-page flushes)"

ratio() {  # ratio NAME BYTES COMMAND...: bytes in over bytes out
  local name=$1 bytes=$2
  shift 2
  local out
  out=$(head -c "$bytes" "$work/stream" | "$@" | wc -c)
  printf '  %-22s %6.4fx on %d MiB\n' "$name" "$(echo "$bytes / $out" | bc -l)" $((bytes >> 20))
}
gb=$((kept < 1000000000 ? kept : 1000000000))
echo "== compressed (bytes in / bytes out)"
ratio "gzip -6 (ssh -C)" "$gb" gzip -6 -c
ratio "lz4 -1" "$gb" lz4 -1 -q -c
ratio "zstd -1" "$gb" zstd -1 -q -c
ratio "zstd -19" $((64 << 20)) zstd -19 -q -c
ratio "zstd -3 --long=27" "$gb" zstd -3 --long=27 -q -c

echo "== 4 KB chunks that repeat"
python3 - "$work/stream" <<'EOF'
import hashlib, mmap, sys
with open(sys.argv[1], "rb") as f:
    data = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
marker = data.find(b"End of flush\0")
first_page = marker % 4096
for offset, name in ((0, "at the pages' boundaries"), (13, "13 bytes on"),
                     (2044, "2044 bytes on"), (4093, "4093 bytes on")):
    seen = set()
    repeats = 0
    chunks = 0
    at = first_page + offset
    view = memoryview(data)
    while at + 4096 <= len(data):
        digest = hashlib.blake2b(view[at:at + 4096], digest_size=16).digest()
        if digest in seen:
            repeats += 1
        seen.add(digest)
        chunks += 1
        at += 4096
    print(f"  {name:26} {repeats} of {chunks} chunks repeat")
    view.release()
EOF
