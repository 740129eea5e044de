#include "cli/help_text.hpp"

#include <fmt/format.h>

namespace simhadr {

std::string_view help_text() {
  return R"(simhadr - preview Db2 HADR log shipping between two hosts before turning HADR on.

Run a primary on the host that will hold the primary database and a standby on
the other; the primary ships simulated log flushes for a while, both print what
they measured. Option names take one or two dashes, any case, any unique prefix.

Usage:
  simhadr -role primary -lhost H -lport N -rhost H -rport N [options]
  simhadr -role standby -lhost H -lport N -rhost H -rport N [options]
  simhadr -demo [options]          both roles in this process on 127.0.0.1
  simhadr -model [options]         both roles in virtual time: no sockets, no
                                   waiting; a 60 s run takes milliseconds
  simhadr -testDisk DIR            measure a log disk and suggest the -disk option
  simhadr -write FILE | -read FILE measure synchronous writes or reads of one size
  simhadr -testSleep SECONDS       how exactly this host sleeps, then exit

Connection (either side may start first):
  -role primary|standby    which side to play (P and S also work)
  -lhost H -lport N        this side's address; the primary listens here
                           (-lport 0 on the primary: the kernel picks, and it is printed)
  -rhost H -rport N        the other side's address; the standby connects there
  -sockSndBuf BYTES        SO_SNDBUF for the connection      (default: the OS's)
  -sockRcvBuf BYTES        SO_RCVBUF for the connection      (default: the OS's)
  -nagle                   keep Nagle's algorithm on         (default: TCP_NODELAY)
  -block                   blocking send/recv                (default: non-blocking)
  -bind                    standby binds to -lhost/-lport before connecting
  -anyHost                 primary accepts a standby from any address
                           (default: only from an address -rhost resolves to)
  -connectTimeout SECONDS  give up when the other side has not connected by then
                           (default 120; 0 waits without end)
  -stallTimeout SECONDS    fail the run when nothing moves either way for this long
                           (default 60; 0 waits without end; keep it above the
                           longest simulated write and the gaps -target leaves)

What the primary ships (the standby learns these from the handshake):
  -syncMode MODE           SYNC, NEARSYNC, ASYNC or SUPERASYNC   (default NEARSYNC)
  -rcu                     remote catch-up: ships as SUPERASYNC does
  -flushSize PAGES         4096-byte pages per log flush          (default 16)
  -t SECONDS               stop after this long                   (default 4, unless -n)
  -n FLUSHES               stop after this many flushes
  -target MB/S             hold the primary to this rate (MB = 10^6 bytes)
  -standbySockSndBuf BYTES, -standbySockRcvBuf BYTES, -standbyHadrBufSize PAGES
                           ask a standby of this simhadr to use these for the run
                           (it reconnects once for socket buffer sizes)

  -flushSizes FILE         flush sizes from a file: one size in pages per line
                           (shipped in turn), or "pages count" lines (a histogram)
  -logRate MB/S -logBufSize PAGES
                           a workload writing MB/S of log into a log buffer of
                           PAGES; each flush takes what gathered meanwhile

What-if models (docs/models.md):
  -netDelay SECONDS        one-way network delay added to every message
  -netRate MB/S            the link's rate on the wire (100 Mbit/s is 12.5); the
                           log gets 94.1% of it, the rest is Ethernet, IP and TCP
                           framing; the smallest socket buffer size given is the
                           window (default: 6291456 bytes)
                           (both applied by the primary, in both directions)
  -replay MB/S [SECONDS]   standby replay speed and overhead per flush; a flush
                           leaves the receive buffer only once replayed

Standby:
  -hadrBufSize PAGES       receive buffer                          (default 4 x flushSize)
  -loop                    serve one primary run after another until Ctrl-C

Disks and timing (both sides):
  -disk MB/S SECONDS       simulated log disk: rate and overhead per IO
                           (default: infinitely fast)
  -spin SECONDS            busy-wait this long at the end of each simulated IO
                           (default: follows this host's measured wake-ups)
  -verbose                 one line per write, send, recv, ack and congestion

Disk tests (real IO, no network; -flushSize, -n, -t and -verbose apply):
  -testDisk DIR            write DIR/simhadr.tmp (removed afterwards); without
                           -flushSize, try 1 to 256 pages and fit -disk to them
  -write FILE              synchronous writes to FILE (created or truncated)
  -read FILE               reads of FILE until its end, -n or -t
  -cache                   go through the page cache     (default: direct IO)
  -preallocate             lay the file out first and write into it, as Db2
                           does with its formatted log files (default: append)
  -threads N               N writers at once, each on its own file

Results (besides the text report):
  -json FILE               one JSON document per run (- : stdout, report to stderr)
  -csv FILE                append one summary row per run, header when new
  -interval SECONDS        a line every SECONDS: MB/s, flushes, shipping, congestion
                           (and on the standby, how full its receive buffer was)
Every shipping report ends with a "Bottleneck:" paragraph: the limiting
resource, the numbers that show it, and what each sync mode would give.

Other:
  -h, -help                this text
  -version                 version

Exit status: 0 the run ended normally (also after Ctrl-C on either side),
1 the run failed (connection lost, peer misbehaved), 2 the command line was refused.
)";
}

std::string version_text() {
  return fmt::format(
      "simhadr {} (open HADR log-shipping simulator; wire-compatible with simhadr 2.1)",
      SIMHADR_VERSION);
}

}  // namespace simhadr
