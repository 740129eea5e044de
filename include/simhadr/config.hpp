#pragma once
// RunConfig is the validated command line. Options the user left out stay
// empty here, because the header lines of the report say which defaults applied.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "simhadr/action.hpp"
#include "simhadr/compression.hpp"
#include "simhadr/payload.hpp"
#include "simhadr/rate.hpp"
#include "simhadr/sync_mode.hpp"
#include "simhadr/units.hpp"

namespace simhadr {

enum class Role : std::uint8_t { Primary, Standby };

// "primary" or "standby", as -role takes it and the reports write it.
std::string_view role_name(Role role);

inline constexpr SyncMode kDefaultSyncMode = SyncMode::NearSync;
inline constexpr std::uint32_t kDefaultFlushPages = 16;
inline constexpr double kDefaultRunSeconds = 4.0;
inline constexpr std::uint32_t kDefaultBufferFlushes = 4;  // -hadrBufSize = 4 x flushSize
// Long enough to start the other side by hand on another host; short enough
// that a forgotten or misaddressed peer does not hold a script for good.
inline constexpr double kDefaultConnectTimeoutSeconds = 120;
// Longer than any simulated IO a realistic -disk model gives one flush.
inline constexpr double kDefaultStallTimeoutSeconds = 60;
// Linux's default net.ipv4.tcp_rmem maximum: the window autotuning grows to.
inline constexpr std::uint64_t kAutotunedWindowBytes = 6291456;

// What a cloud disk is sold with besides its speed: at most so many IOs and so
// many MB a second, however fast each IO would be (see models/capped_disk.hpp).
struct DiskCaps {
  std::optional<double> iops;
  std::optional<MBytesPerSec> throughput;
  bool any() const { return iops || throughput; }
  bool operator==(const DiskCaps&) const = default;
};

// A linear cost: overhead + bytes / rate. -disk uses it per IO, with the
// disk's caps when it has them; -replay per flush.
struct DiskParams {
  constexpr DiskParams() = default;
  constexpr DiskParams(MBytesPerSec line_rate, double overhead, DiskCaps disk_caps = {})
      : rate(line_rate), overhead_seconds(overhead), caps(disk_caps) {}
  MBytesPerSec rate;
  double overhead_seconds = 0;
  DiskCaps caps;
  bool operator==(const DiskParams&) const = default;
};

// -netDelay / -netRate: what the simulator adds to the connection (the primary
// applies both directions; see docs/models.md).
struct NetworkParams {
  double one_way_delay_seconds = 0;
  std::optional<MBytesPerSec> rate;  // none: no bandwidth limit
  double compression = 1;            // -model -compress: log bytes per byte on the wire
};

// -model's outages of the principal's link (-netOutage, -netOutageEvery).
struct OutagePlan {
  double seconds = 0;
  std::optional<double> every_seconds;  // none: once, in the middle of the run
};

// Db2's HADR_TIMEOUT default: how long a silent connection lasts before the pair leaves peer state.
inline constexpr double kDefaultHadrTimeoutSeconds = 120;

// One stretch of a replayed workload (-workload): db2logscan's interval,
// shortened by -workloadSpeed, at its log rate.
struct RateStep {
  std::string label;  // the interval's timestamp
  Nanos duration{};
  MBytesPerSec rate;
};

// -logRate / -logBufSize: the workload that fills the log buffer. With steps
// (-workload), the rate follows them, and the log ends after the last.
struct LoggerParams {
  MBytesPerSec rate;
  std::uint32_t buffer_pages = 0;
  std::vector<RateStep> steps;
};

// -workload FILE -workloadSpeed N
struct WorkloadReplay {
  std::string path;
  double speed = 1;
};

// -flushSizes FILE: sizes to ship in turn, or (with weights) to draw from.
struct FlushSizeList {
  std::string path;
  std::vector<std::uint32_t> pages;
  std::vector<std::uint64_t> weights;  // empty: a sequence, cycled in order
};

// -calculate FILE... with -network: annotate db2logscan output per sync mode,
// as IBM's HADR calculator does (MB/s there are MiB/s).
struct CalculatorNetwork {
  MiBPerSec rate;
  double round_trip_seconds = 0;
  double compression = 1;  // -compress RATIO: log bytes per byte on the wire
};

// -calculate's modes without -syncMode: those a calculator compares.
inline constexpr std::array kDefaultCalculateModes{SyncMode::Sync, SyncMode::NearSync,
                                                   SyncMode::Async};

// -disk as -calculate takes it, in the calculator's units: MB/s there are MiB/s.
struct CalculatorDisk {
  MiBPerSec rate;
  double overhead_seconds = 0;
  DiskCaps caps;  // the MB/s cap given in MiB/s as the rate is, held in MBytes/s
};

struct CalculateConfig {
  std::vector<std::string> files;  // "-" is stdin
  CalculatorNetwork network;       // -network
  CalculatorDisk disk;             // -disk, as given; RunConfig::disk holds it in MBytes/s
  bool simulate = false;           // -model: each interval on a simulated pair too
  std::vector<SyncMode> modes;     // -syncMode's list
  std::optional<std::uint32_t>
      threads;  // -threads: intervals worked out at once (default: the CPUs)
};

// -diagnose FILE...: a running pair's db2pd -hadr or MON_GET_HADR samples.
struct DiagnoseConfig {
  std::vector<std::string> files;  // "-" is stdin
};

// Db2's default LOGBUFSZ: what caps a flush in -calculate -model without -logBufSize.
inline constexpr std::uint32_t kDefaultLogBufferPages = 256;

struct SocketOptions {
  std::optional<int> send_buffer;     // -sockSndBuf, bytes
  std::optional<int> receive_buffer;  // -sockRcvBuf, bytes
  bool nagle = false;                 // default sets TCP_NODELAY
  bool blocking = false;              // -block
  bool bind_local = false;            // -bind (standby)
  bool any_host = false;              // -anyHost: the primary accepts a standby from anywhere
};

// How long a side waits for the other; a zero duration waits without bound.
struct WaitBounds {
  Nanos connect = from_seconds(kDefaultConnectTimeoutSeconds);  // -connectTimeout
  Nanos stall = from_seconds(kDefaultStallTimeoutSeconds);      // -stallTimeout
};

enum class TlsVersion : std::uint8_t { Tls12, Tls13 };

// -model's -tcpCost: the CPU seconds per GB (10^9 bytes) of log the kernel's
// TCP work costs the primary's thread sending and the standby's receiving.
struct TcpCost {
  double send_seconds_per_gb = 0;
  double receive_seconds_per_gb = 0;
  bool charges() const { return send_seconds_per_gb > 0 || receive_seconds_per_gb > 0; }
};

// -model -compress: a link that carries the log `ratio` times smaller, and
// what compressing and restoring it cost each side's thread per GB of log.
// Given as a codec, the figures are measured on the payload as the run starts.
struct ModelledCompression {
  double ratio = 1;  // log bytes per wire byte
  double compress_seconds_per_gb = 0;
  double decompress_seconds_per_gb = 0;
  std::optional<CompressionChoice> probed;  // -compress CODEC[:LEVEL]
};

// -model's -tlsCost: the cipher's CPU seconds per GB (10^9 bytes) of log on
// the primary's thread encrypting and the standby's decrypting.
struct TlsCipherFigures {
  double encrypt_seconds_per_gb = 0;
  double decrypt_seconds_per_gb = 0;
};

// -tls and the options that refine it. The primary is the TLS client and the
// standby the TLS server, whichever side accepted the TCP connection, so a
// plain standby sees the primary's first bytes and can say it met TLS.
struct TlsSettings {
  std::string certificate;  // -tlsCert; empty: a self-signed one made at start-up
  std::string key;          // -tlsKey; empty: the key is in -tlsCert's file
  std::string ca;           // -tlsCA; empty: the peer is not verified
  bool host_check = false;  // -tlsHostCheck: the peer's certificate names -rhost
  // -tlsVersion pins one version; empty: every version from 1.2 up is offered and
  // the handshake takes the highest both sides offer, as a server's default does.
  std::optional<TlsVersion> version;
  std::string ciphers;  // -tlsCiphers, OpenSSL's or IANA's names; empty: OpenSSL's defaults
  // -model: the cipher's CPU seconds per GB (10^9 bytes) on each side; empty:
  // measured at start-up on this host.
  std::optional<TlsCipherFigures> cipher_cost;
  bool verifies_peer() const { return !ca.empty(); }
};

// Settings a primary asks a standby of ours to use for one run (the
// standby* options); see docs/protocol.md. Empty: the standby's own.
struct StandbyRequest {
  std::optional<int> send_buffer;
  std::optional<int> receive_buffer;
  std::optional<std::uint32_t> buffer_pages;
  bool any() const { return send_buffer || receive_buffer || buffer_pages; }
  bool operator==(const StandbyRequest&) const = default;
};

struct Endpoint {
  std::string host;
  std::uint16_t port = 0;
};

// HADR_TARGET_LIST's bound: a principal standby and up to two auxiliaries.
inline constexpr std::size_t kMaxStandbys = 3;

// -spoolLimit: pages a standby may spool to disk when replay keeps its
// receive buffer full. 0 (the default) spools nothing, as HADR_SPOOL_LIMIT 0.
inline constexpr std::uint64_t kUnlimitedSpool = UINT64_MAX;

enum class DiskTestKind : std::uint8_t {
  WriteFile,  // -write FILE
  ReadFile,   // -read FILE
  Directory,  // -testDisk DIR: writes DIR/simhadr.tmp, removed afterwards
};

struct DiskTestConfig {
  DiskTestKind kind = DiskTestKind::WriteFile;
  std::string path;
  bool cache = false;        // -cache: through the page cache (writes stay synchronous)
  bool preallocate = false;  // -preallocate: lay the file out first, then write into it
  std::uint32_t threads = 1;
};

// What each kind of run has of its own (a disk test's DiskTestConfig,
// -calculate's CalculateConfig and -diagnose's DiagnoseConfig above); everything else in RunConfig
// is shared.
struct PrimaryRun {};
struct StandbyRun {
  bool loop = false;  // -loop: serve run after run
};
struct DemoRun {};
struct ModelRun {};
struct SleepTestRun {
  double seconds = 0;  // -testSleep
};

// The run to do: one alternative per kind of run, in the order of Action's run kinds.
using RunKind = std::variant<PrimaryRun, StandbyRun, DemoRun, ModelRun, SleepTestRun,
                             DiskTestConfig, CalculateConfig, DiagnoseConfig>;

struct RunConfig {
  std::vector<std::string> args;  // as given, for the "+ simhadr ..." line
  RunKind run;

  Endpoint local;
  Endpoint remote;                    // the standby's primary; the primary's principal standby
  std::vector<Endpoint> auxiliaries;  // the primary's auxiliary standbys, always SUPERASYNC

  std::optional<std::uint64_t> max_flushes;  // -n
  std::optional<double> run_seconds;         // -t
  std::optional<SyncMode> sync_mode;
  bool remote_catchup = false;  // -rcu
  std::optional<std::uint32_t> flush_pages;
  std::optional<std::uint32_t> standby_buffer_pages;  // -hadrBufSize
  std::optional<MBytesPerSec> target;                 // -target
  std::optional<DiskParams> disk;
  std::optional<std::string> log_dir;  // -logDir: real log writes, in place of -disk's sleep
  std::optional<DiskParams> replay;    // -replay MBps [overhead per flush]
  std::uint64_t spool_limit_pages = 0;
  double replay_delay_seconds = 0;       // HADR_REPLAY_DELAY; SUPERASYNC only
  std::optional<NetworkParams> network;  // the principal standby's link
  // -model with several standbys: each auxiliary's link (-netDelay/-netRate
  // lists), and the primary's uplink that every stream shares (-uplinkRate).
  std::vector<NetworkParams> auxiliary_networks;
  std::optional<MBytesPerSec> uplink;  // -uplinkRate
  std::optional<OutagePlan> outages;   // -model only
  std::optional<TcpCost> tcp_cost;     // -model only
  double hadr_timeout_seconds = kDefaultHadrTimeoutSeconds;
  double peer_wait_limit_seconds = 0;             // DB2_HADR_PEER_WAIT_LIMIT's default: no limit
  double peer_window_seconds = 0;                 // HADR_PEER_WINDOW's default
  std::optional<double> max_commit_hold_seconds;  // -maxCommitHold: a what-if for the advice
  // A real primary given -peerWaitLimit or -peerWindow (0 too) follows HADR's
  // states through a failure of the link and takes its standby back.
  bool follows_failures = false;
  std::optional<LoggerParams> logger;
  std::optional<WorkloadReplay> workload;
  std::optional<FlushSizeList> flush_size_list;
  std::optional<double> spin_seconds;
  bool verbose = false;
  std::optional<Nanos> interval;         // -interval
  std::optional<std::string> json_path;  // -json; "-" is stdout
  std::optional<std::string> csv_path;   // -csv
  StandbyRequest standby_request;
  SocketOptions socket;
  WaitBounds waits;
  std::optional<TlsSettings> tls;  // -tls and the -tls* options
  PayloadSpec payload;         // -payload: what the primary's pages and a disk test's writes carry
  bool payload_named = false;  // -payload given, not the default
  // -compress on a real run: the primary's codec and level; the codec a standby restores.
  std::optional<CompressionChoice> compress;
  std::optional<ModelledCompression> modelled_compression;  // -model -compress

  Action action() const { return action_of_run(run.index()); }
  // The kind's own settings; null when the run is of another kind.
  template <typename Kind>
  const Kind* as() const {
    return std::get_if<Kind>(&run);
  }
  // The side a primary or standby run plays; none for the runs that play both or neither.
  std::optional<Role> role() const;
  // -model, and -calculate -model: virtual time, no sockets.
  bool virtual_time() const;
  // Ships or writes pages, so -payload applies: a primary, a demo, a disk test that writes.
  bool carries_payload() const;
  // Measures what compressors make of the payload as it starts: where it carries it, and -model
  // with -payload named, for the advisor's what-if on a link that limits; never the
  // incompressible payload, which no compressor shrinks.
  bool probes_payload() const;
  // Reads -payload: where it would probe it (whatever its kind), and -model -compress CODEC,
  // which measures it.
  bool reads_payload() const;
  // -loop: a standby that serves one primary run after another.
  bool serves_many_runs() const {
    const StandbyRun* standby = as<StandbyRun>();
    return standby && standby->loop;
  }

  SyncMode effective_sync_mode() const {
    return remote_catchup ? SyncMode::SuperAsync : sync_mode.value_or(kDefaultSyncMode);
  }
  std::uint32_t effective_flush_pages() const { return flush_pages.value_or(kDefaultFlushPages); }
  // The handshake's flushSize: the largest flush the chosen flush-size model can make.
  std::uint32_t largest_flush_pages() const;
  // What bounds the bytes in flight under -netDelay: the smallest socket
  // buffer size given, or what Linux autotuning grows a window to.
  std::uint64_t network_window_bytes() const;
  // -t applies by default only when -n does not bound the run.
  std::optional<double> effective_run_seconds() const {
    if (run_seconds || max_flushes) return run_seconds;
    return kDefaultRunSeconds;
  }
};

}  // namespace simhadr
