#include "cli/option_table.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <tuple>

#include "cli/flush_size_file.hpp"
#include "cli/option_stores.hpp"
#include "cli/option_values.hpp"
#include "cli/standby_list.hpp"
#include "cli/value_parsers.hpp"
#include "simhadr/limits.hpp"

namespace simhadr {

namespace {

using enum ValueShape;
using enum HelpSection;
using Id = OptionId;
using Values = OptionValues;
using Input = OptionInput;
constexpr Applies kAny = Applies::Any;
constexpr Applies kPrimary = Applies::PrimaryOnly;
constexpr Applies kStandby = Applies::StandbyOnly;
using namespace option_stores;

// In the order -h shows them, section by section.
constexpr std::array kOptions{
    OptionSpec{Id::Demo, "demo", Flag, kAny, Usage, "", "",
               [](Values& o, const Input&) { o.demo = true; }},
    OptionSpec{Id::Model, "model", Flag, kAny, Usage, "", "",
               [](Values& o, const Input&) { o.model = true; }},
    OptionSpec{Id::TestSleep, "testSleep", One, kAny, Usage, "", "",
               [](Values& o, const Input& in) {
                 o.test_sleep_seconds = in.positive(kMaxSleepTestSeconds);
               }},

    OptionSpec{Id::Role, "role", One, kAny, Connection, "-role primary|standby",
               "which side to play (P and S also work)",
               [](Values& o, const Input& in) { o.role = parse_role(in); }},
    OptionSpec{Id::Lhost, "lhost", One, kAny, Connection, "-lhost H -lport N",
               "this side's address; the primary listens here\n"
               "(-lport 0 on the primary: the kernel picks, and it is printed)",
               [](Values& o, const Input& in) { o.config.local.host = in.text(); }},
    // 0 lets the kernel choose the primary's port (it is printed); the standby needs a real one.
    OptionSpec{
        Id::Lport, "lport", One, kAny, Connection, "", "",
        [](Values& o, const Input& in) { o.config.local.port = parse_port(in, in.text(), 0); }},
    OptionSpec{Id::Rhost, "rhost", One, kAny, Connection, "-rhost H -rport N",
               "the other side's address; the standby connects there;\n"
               "a primary takes up to three standbys as comma lists,\n"
               "the principal first, then auxiliaries (SUPERASYNC)",
               store_rhost},
    OptionSpec{Id::Rport, "rport", One, kAny, Connection, "", "", store_rport},
    OptionSpec{Id::SockSndBuf, "sockSndBuf", One, kAny, Connection, "-sockSndBuf BYTES",
               "SO_SNDBUF for the connection      (default: the OS's)",
               [](Values& o, const Input& in) {
                 o.config.socket.send_buffer = in.number(1, kMaxSocketBufferBytes);
               }},
    OptionSpec{Id::SockRcvBuf, "sockRcvBuf", One, kAny, Connection, "-sockRcvBuf BYTES",
               "SO_RCVBUF for the connection      (default: the OS's)",
               [](Values& o, const Input& in) {
                 o.config.socket.receive_buffer = in.number(1, kMaxSocketBufferBytes);
               }},
    OptionSpec{Id::Nagle, "nagle", Flag, kAny, Connection, "-nagle",
               "keep Nagle's algorithm on         (default: TCP_NODELAY)",
               [](Values& o, const Input&) { o.config.socket.nagle = true; }},
    OptionSpec{Id::Block, "block", Flag, kAny, Connection, "-block",
               "blocking send/recv                (default: non-blocking)",
               [](Values& o, const Input&) { o.config.socket.blocking = true; }},
    OptionSpec{Id::Bind, "bind", Flag, kAny, Connection, "-bind",
               "standby binds to -lhost/-lport before connecting",
               [](Values& o, const Input&) { o.config.socket.bind_local = true; }},
    OptionSpec{Id::AnyHost, "anyHost", Flag, kPrimary, Connection, "-anyHost",
               "primary accepts a standby from any address\n"
               "(default: only from an address -rhost resolves to)",
               [](Values& o, const Input&) { o.config.socket.any_host = true; }, false,
               "applies to the primary, which decides whom to accept; ignored"},
    OptionSpec{Id::ConnectTimeout, "connectTimeout", One, kAny, Connection,
               "-connectTimeout SECONDS",
               "give up when the other side has not connected by then\n"
               "(default {connect_timeout}; 0 waits without end)",
               [](Values& o, const Input& in) { o.config.waits.connect = seconds(in, 0.0); }},
    OptionSpec{Id::StallTimeout, "stallTimeout", One, kAny, Connection, "-stallTimeout SECONDS",
               "fail the run when nothing moves either way for this long\n"
               "(default {stall_timeout}; 0 waits without end; keep it above the\n"
               "longest simulated write and the gaps -target leaves)",
               [](Values& o, const Input& in) { o.config.waits.stall = seconds(in, 0.0); }},

    OptionSpec{Id::Tls, "tls", Flag, kAny, Encryption, "-tls",
               "encrypt the connection with TLS; without -tlsCert, each side\n"
               "makes a self-signed certificate at start-up",
               [](Values& o, const Input&) { o.tls(); }},
    OptionSpec{Id::TlsCert, "tlsCert", One, kAny, Encryption, "-tlsCert PEM -tlsKey PEM",
               "this side's certificate and its private key (-tlsKey may be\n"
               "left out when the certificate's file holds the key)",
               [](Values& o, const Input& in) { o.tls().certificate = in.text(); }},
    OptionSpec{Id::TlsKey, "tlsKey", One, kAny, Encryption, "", "",
               [](Values& o, const Input& in) { o.tls().key = in.text(); }},
    OptionSpec{Id::TlsCA, "tlsCA", One, kAny, Encryption, "-tlsCA PEM",
               "verify the peer's certificate with these CA certificates\n"
               "(default: the peer is not verified, and the report says so)",
               [](Values& o, const Input& in) { o.tls().ca = in.text(); }},
    OptionSpec{Id::TlsHostCheck, "tlsHostCheck", Flag, kAny, Encryption, "-tlsHostCheck",
               "the peer's certificate must name -rhost, as\n"
               "HADR_SSL_HOST_VAL = BASIC asks (needs -tlsCA)",
               [](Values& o, const Input&) { o.tls().host_check = true; }},
    OptionSpec{Id::TlsVersion, "tlsVersion", One, kAny, Encryption, "-tlsVersion 1.2|1.3",
               "pin one version, as SSL_VERSIONS\n"
               "(default: 1.2 and 1.3 offered, the highest shared agreed)",
               [](Values& o, const Input& in) { o.tls().version = parse_tls_version(in); }},
    OptionSpec{Id::TlsCiphers, "tlsCiphers", One, kAny, Encryption, "-tlsCiphers LIST",
               "cipher suites, colon-separated, as SSL_CIPHERSPECS\n"
               "(default: OpenSSL's, TLS_AES_256_GCM_SHA384 first)",
               [](Values& o, const Input& in) { o.tls().ciphers = in.text(); }},
    OptionSpec{Id::TlsCost, "tlsCost", One, kAny, Encryption, "-tlsCost SECONDS_PER_GB",
               "-model: the cipher's CPU time per GB on each side (a\n"
               "comma pair: encrypting on the primary, decrypting on the\n"
               "standby; default: measured on this host at start-up)",
               store_tls_cost},

    OptionSpec{Id::SyncMode, "syncMode", One, kPrimary, Shipping, "-syncMode MODE",
               "SYNC, NEARSYNC, ASYNC or SUPERASYNC   (default {sync_mode})",
               [](Values& o, const Input& in) {
                 o.sync_modes = parse_sync_modes(in);
                 o.config.sync_mode = o.sync_modes.front();
               }},
    OptionSpec{Id::Rcu, "rcu", Flag, kPrimary, Shipping, "-rcu",
               "remote catch-up: ships as SUPERASYNC does",
               [](Values& o, const Input&) { o.config.remote_catchup = true; }},
    OptionSpec{Id::FlushSize, "flushSize", One, kPrimary, Shipping, "-flushSize PAGES",
               "4096-byte pages per log flush          (default {flush_pages})",
               [](Values& o, const Input& in) {
                 o.config.flush_pages = in.number<std::uint32_t>(1, kMaxFlushPages);
               }},
    OptionSpec{
        Id::T, "t", One, kPrimary, Shipping, "-t SECONDS",
        "stop after this long                   (default {run_seconds}, unless -n)",
        [](Values& o, const Input& in) { o.config.run_seconds = in.positive(kMaxRunSeconds); }},
    OptionSpec{Id::N, "n", One, kPrimary, Shipping, "-n FLUSHES", "stop after this many flushes",
               [](Values& o, const Input& in) {
                 o.config.max_flushes = in.number<std::uint64_t>(1, UINT64_MAX);
               }},
    OptionSpec{Id::Target, "target", One, kPrimary, Shipping, "-target MB/S",
               "hold the primary to this rate (MB = 10^6 bytes)",
               [](Values& o, const Input& in) {
                 o.config.target = MBytesPerSec{in.positive(kMaxRateMBps)};
               }},
    OptionSpec{Id::StandbySockSndBuf, "standbySockSndBuf", One, kPrimary, Shipping,
               "-standbySockSndBuf BYTES, -standbySockRcvBuf BYTES, -standbyHadrBufSize PAGES",
               "ask a standby of this simhadr to use these for the run\n"
               "(it reconnects once for socket buffer sizes)",
               [](Values& o, const Input& in) {
                 o.config.standby_request.send_buffer = in.number(1, kMaxSocketBufferBytes);
               }},
    OptionSpec{Id::StandbySockRcvBuf, "standbySockRcvBuf", One, kPrimary, Shipping, "", "",
               [](Values& o, const Input& in) {
                 o.config.standby_request.receive_buffer = in.number(1, kMaxSocketBufferBytes);
               }},
    OptionSpec{Id::StandbyHadrBufSize, "standbyHadrBufSize", One, kPrimary, Shipping, "", "",
               [](Values& o, const Input& in) {
                 o.config.standby_request.buffer_pages =
                     in.number<std::uint32_t>(1, kMaxStandbyBufferPages);
               }},
    OptionSpec{Id::FlushSizes, "flushSizes", One, kPrimary, Shipping, "-flushSizes FILE",
               "flush sizes from a file: one size in pages per line\n"
               "(shipped in turn), \"pages count\" lines (a histogram),\n"
               "or db2flushsize or db2logscan -infoLevel flush output",
               [](Values& o, const Input& in) {
                 o.config.flush_size_list = read_flush_size_file(in.text());
               },
               true},
    OptionSpec{Id::LogRate, "logRate", One, kPrimary, Shipping, "-logRate MB/S -logBufSize PAGES",
               "a workload writing MB/S of log into a log buffer of\n"
               "PAGES; each flush takes what gathered meanwhile",
               store_log_rate},
    OptionSpec{Id::LogBufSize, "logBufSize", One, kPrimary, Shipping, "", "", store_log_buf_size},
    OptionSpec{Id::Workload, "workload", One, kPrimary, Shipping, "-workload FILE -workloadSpeed N",
               "replay db2logscan's intervals in turn, each N times\n"
               "shorter (default {workload_speed}), through the -logRate logger; the\n"
               "report says which intervals the pair could not sustain\n"
               "(-logBufSize default {log_buffer_pages}; -t default: the whole file)",
               [](Values& o, const Input& in) { o.workload().path = in.text(); }},
    OptionSpec{Id::WorkloadSpeed, "workloadSpeed", One, kPrimary, Shipping, "", "",
               [](Values& o, const Input& in) { o.workload().speed = in.positive(kMaxRateMBps); }},
    OptionSpec{Id::Payload, "payload", Many, kPrimary, Shipping, "-payload KIND|FILE...",
               "what the pages carry: incompressible (default: random\n"
               "bytes, each page stamped with its log position), dots\n"
               "(the original's '.', which a compressing path\n"
               "shrinks), or your own files (archived log files), in\n"
               "order and cycled; disk tests write it too",
               store_payload},
    OptionSpec{Id::Compress, "compress", One, kAny, Shipping, "-compress CODEC[:LEVEL]",
               "compress the log on the link: zlib, lz4 or zstd, at\n"
               "LEVEL (default: zlib 6, as ssh -C; lz4 1; zstd 1);\n"
               "give both sides the same codec. With -model:\n"
               "RATIO[,COST_P,COST_S] (CPU s/GB of log each side)\n"
               "or a codec, at the payload's probed figures; with\n"
               "-calculate: RATIO",
               [](Values& o, const Input& in) { o.compress = in.text(); }},

    OptionSpec{Id::NetDelay, "netDelay", One, kPrimary, Models, "-netDelay SECONDS",
               "one-way network delay added to every message\n"
               "(-model: a comma list gives each -rhost standby its own)",
               store_net_delay},
    OptionSpec{Id::NetRate, "netRate", One, kPrimary, Models, "-netRate MB/S",
               "the link's rate on the wire (100 Mbit/s is 12.5); the\n"
               "log gets 94.1% of it, the rest is Ethernet, IP and TCP\n"
               "framing; the smallest socket buffer size given is the\n"
               "window (default: {window_bytes} bytes)\n"
               "(both applied by the primary, in both directions;\n"
               "-model: a comma list gives each -rhost standby its own)",
               store_net_rate},
    OptionSpec{Id::UplinkRate, "uplinkRate", One, kPrimary, Models, "-uplinkRate MB/S",
               "-model: the primary's own link, which every standby's\n"
               "stream crosses before its own (shared, piece by piece)",
               [](Values& o, const Input& in) {
                 o.config.uplink = MBytesPerSec{in.positive(kMaxRateMBps)};
               }},
    OptionSpec{Id::TcpCost, "tcpCost", One, kPrimary, Models, "-tcpCost SECONDS_PER_GB",
               "-model: the CPU time per GB the kernel's TCP work costs\n"
               "the primary's thread sending and the standby's receiving,\n"
               "in series with -tls's cipher (a comma pair: each side's;\n"
               "a real run's CPU line per GB shipped gives it; default 0)",
               store_tcp_cost},
    OptionSpec{
        Id::NetOutage, "netOutage", One, kPrimary, Models, "-netOutage SECONDS -netOutageEvery S",
        "-model: the link carries nothing for SECONDS, first at S\n"
        "seconds into the run and then every S seconds (without\n"
        "-netOutageEvery: once, in the middle of the run)",
        [](Values& o, const Input& in) { o.outages().seconds = in.positive(kMaxOutageSeconds); }},
    OptionSpec{Id::NetOutageEvery, "netOutageEvery", One, kPrimary, Models, "", "",
               store_net_outage_every},
    OptionSpec{Id::HadrTimeout, "hadrTimeout", One, kAny, Models, "-hadrTimeout SECONDS",
               "Db2's HADR_TIMEOUT (default {hadr_timeout}): nothing heard that\n"
               "long ends peer state (given, a real primary follows it)",
               store_positive_seconds<&RunConfig::hadr_timeout_seconds>},
    OptionSpec{Id::PeerWaitLimit, "peerWaitLimit", One, kPrimary, Models, "-peerWaitLimit SECONDS",
               "DB2_HADR_PEER_WAIT_LIMIT (default 0, none): log held that\n"
               "long by the standby ends peer state (-model, real primary)",
               store_seconds_or_off<&RunConfig::peer_wait_limit_seconds>},
    OptionSpec{Id::PeerWindow, "peerWindow", One, kPrimary, Models, "-peerWindow SECONDS",
               "HADR_PEER_WINDOW (default 0, none): after peer state ends,\n"
               "SYNC and NEARSYNC hold commits this long (-model, real primary)",
               store_seconds_or_off<&RunConfig::peer_window_seconds>},
    OptionSpec{Id::MaxCommitHold, "maxCommitHold", One, kPrimary, Models, "-maxCommitHold SECONDS",
               "-model: the longest a site lets a failed link hold its\n"
               "commits; the report names the settings that keep to it",
               store_positive_seconds<&RunConfig::max_commit_hold_seconds>},
    OptionSpec{Id::Replay, "replay", OneOrTwo, kStandby, Models, "-replay MB/S [SECONDS]",
               "standby replay speed and overhead per flush; a flush\n"
               "leaves the receive buffer only once replayed",
               store_replay},
    OptionSpec{Id::ReplayDelay, "replayDelay", One, kStandby, Models, "-replayDelay SECONDS",
               "HADR_REPLAY_DELAY (SUPERASYNC only; needs -replay): a\n"
               "written flush waits this long before its replay",
               store_seconds_or_off<&RunConfig::replay_delay_seconds>},

    OptionSpec{Id::HadrBufSize, "hadrBufSize", One, kStandby, Standby, "-hadrBufSize PAGES",
               "receive buffer                          (default {buffer_flushes} x flushSize)",
               [](Values& o, const Input& in) {
                 o.config.standby_buffer_pages =
                     in.number<std::uint32_t>(1, kMaxStandbyBufferPages);
               }},
    OptionSpec{Id::SpoolLimit, "spoolLimit", One, kStandby, Standby, "-spoolLimit PAGES",
               "spool up to PAGES to disk when replay keeps the receive\n"
               "buffer full (0, the default: none; -1 or unlimited)",
               [](Values& o, const Input& in) {
                 o.config.spool_limit_pages = parse_spool_limit(in.text());
               }},
    OptionSpec{Id::Loop, "loop", Flag, kAny, Standby, "-loop",
               "serve one primary run after another until Ctrl-C",
               [](Values& o, const Input&) { o.loop = true; }},
    OptionSpec{Id::Disk, "disk", TwoToFour, kAny, DisksAndTiming,
               "-disk MB/S SECONDS [IOPS [MB/S]]",
               "simulated log disk: rate and overhead per IO, then its\n"
               "IOPS and MB/s caps (0: none; default: infinitely fast)",
               store_disk},
    OptionSpec{Id::LogDir, "logDir", One, kAny, DisksAndTiming, "-logDir DIR",
               "write each flush to a log file in DIR, synchronously\n"
               "around the page cache, in place of -disk's sleep",
               store_log_dir},
    OptionSpec{Id::Spin, "spin", One, kAny, DisksAndTiming, "-spin SECONDS",
               "busy-wait this long at the end of each simulated IO\n"
               "(default: follows this host's measured wake-ups)",
               [](Values& o, const Input& in) {
                 o.config.spin_seconds = in.number(0.0, kMaxSpinSeconds);
               }},
    OptionSpec{Id::Verbose, "verbose", Flag, kAny, DisksAndTiming, "-verbose",
               "one line per write, send, recv, ack and congestion",
               [](Values& o, const Input&) { o.config.verbose = true; }},

    OptionSpec{
        Id::TestDisk, "testDisk", One, kAny, DiskTests, "-testDisk DIR",
        "write DIR/simhadr.tmp (removed afterwards); without\n"
        "-flushSize, try 1 to 256 pages and fit -disk to them",
        [](Values& o, const Input& in) { store_disk_target(o, in, DiskTestKind::Directory); }},
    OptionSpec{
        Id::Write, "write", One, kAny, DiskTests, "-write FILE",
        "synchronous writes to FILE (created or truncated)",
        [](Values& o, const Input& in) { store_disk_target(o, in, DiskTestKind::WriteFile); }},
    OptionSpec{
        Id::Read, "read", One, kAny, DiskTests, "-read FILE",
        "reads of FILE until its end, -n or -t",
        [](Values& o, const Input& in) { store_disk_target(o, in, DiskTestKind::ReadFile); }},
    OptionSpec{Id::Cache, "cache", Flag, kAny, DiskTests, "-cache",
               "go through the page cache     (default: direct IO)",
               [](Values& o, const Input&) { o.disk.cache = true; }},
    OptionSpec{Id::Preallocate, "preallocate", Flag, kAny, DiskTests, "-preallocate",
               "lay the file out first and write into it, as Db2\n"
               "does with its formatted log files (default: append)",
               [](Values& o, const Input&) { o.disk.preallocate = true; }},
    OptionSpec{
        Id::Threads, "threads", One, kAny, DiskTests, "-threads N",
        "N writers at once, each on its own file; with -calculate,\n"
        "N intervals worked out at once (default: every CPU this\n"
        "process may run on; the output is the same for any N)",
        [](Values& o, const Input& in) { o.threads = in.number<std::uint32_t>(1, kMaxThreads); }},

    OptionSpec{Id::Calculate, "calculate", Many, kAny, Planning, "-calculate FILE...",
               "annotate db2logscan output (- : stdin) with the rate each\n"
               "sync mode would give, as IBM's HADR calculator does; needs\n"
               "-network and -disk, in its MB/s (2^20 bytes); -syncMode\n"
               "takes a list (default {calculate_modes}); with -model,\n"
               "a simulated pair per interval and mode adds the TCP window\n"
               "(-sockSndBuf, -sockRcvBuf) and the log buffer (-logBufSize,\n"
               "default {log_buffer_pages})",
               store_calculate},
    OptionSpec{Id::Network, "network", Two, kAny, Planning, "-network MB/S SECONDS",
               "the link for -calculate: rate and round trip", store_network},

    OptionSpec{Id::Diagnose, "diagnose", Many, kAny, Diagnosing, "-diagnose FILE...",
               "read a running pair's samples (- : stdin): db2pd -hadr\n"
               "(V9.7 or later) or MON_GET_HADR rows, and db2pd -logs or\n"
               "MON_GET_TRANSACTION_LOG and _WORKLOAD counters; name what\n"
               "limits each standby (HADR or the log disk) by IBM's\n"
               "rules, and give the simhadr runs that confirm it",
               store_diagnose},

    OptionSpec{
        Id::Json, "json", One, kAny, Results, "-json FILE",
        "one JSON document per run (- : stdout, report to stderr)",
        [](Values& o, const Input& in) { o.config.json_path = parse_output_path(in, true); }},
    OptionSpec{
        Id::Csv, "csv", One, kAny, Results, "-csv FILE",
        "append one summary row per run, header when new",
        [](Values& o, const Input& in) { o.config.csv_path = parse_output_path(in, false); }},
    OptionSpec{
        Id::Interval, "interval", One, kAny, Results, "-interval SECONDS",
        "a line every SECONDS: MB/s, flushes, shipping, congestion\n"
        "(and on the standby, how full its receive buffer was)",
        [](Values& o, const Input& in) { o.config.interval = seconds(in, kMinIntervalSeconds); }},

    OptionSpec{Id::Help, "help", Flag, kAny, Other, "-h, -help", "this text",
               [](Values& o, const Input&) { o.help = true; }},
    OptionSpec{Id::H, "h", Flag, kAny, Other, "", "",
               [](Values& o, const Input&) { o.help = true; }},
    OptionSpec{Id::Version, "version", Flag, kAny, Other, "-version", "version",
               [](Values& o, const Input&) { o.version = true; }},
};

static_assert(kOptions.size() == kOptionCount, "a row for each OptionId");

consteval bool rows_follow_the_ids() {
  for (std::size_t i = 0; i < kOptions.size(); ++i) {
    if (static_cast<std::size_t>(kOptions[i].id) != i) return false;
  }
  return true;
}
static_assert(rows_follow_the_ids(), "rows in OptionId order");

}  // namespace

std::span<const OptionSpec> option_specs() {
  return kOptions;
}

const OptionSpec& option_spec(OptionId id) {
  return kOptions[static_cast<std::size_t>(id)];
}

std::string_view option_name(OptionId id) {
  return option_spec(id).name;
}

std::string dashed(OptionId id) {
  return fmt::format("{}", id);
}

std::vector<std::string_view> option_names() {
  std::vector<std::string_view> names;
  for (const OptionSpec& option : kOptions) names.push_back(option.name);
  return names;
}

}  // namespace simhadr
