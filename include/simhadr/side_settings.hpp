#pragma once
// What one side of a run ran with, resolved before it ran: the command line's
// values with the defaults filled in and, on a standby, what the primary's
// handshake said. A run's result keeps them apart from what it measured, so a
// presenter can tell a setting from a figure.
#include <cstdint>
#include <optional>

#include "simhadr/config.hpp"
#include "simhadr/sync_mode.hpp"
#include "simhadr/thread_cpu_cost.hpp"
#include "simhadr/units.hpp"

namespace simhadr {

// Where the load a run was offered came from, when it did not ship as fast as it could.
enum class OfferedBy : std::uint8_t {
  Target,    // -target: the primary paced itself to a rate
  LogRate,   // -logRate: a workload filling the log buffer at a rate
  Workload,  // -workload: db2logscan's intervals, each at its own rate
};

struct OfferedLoad {
  OfferedBy by = OfferedBy::Target;
  MBytesPerSec rate;  // -target, -logRate; a workload's busiest interval
};

// The primary's offered load from its command line; none when it ships flat out.
std::optional<OfferedLoad> offered_load(const RunConfig& config);

struct SideSettings {
  Role role = Role::Primary;
  SyncMode mode = SyncMode::NearSync;
  std::uint32_t flush_pages = 0;            // the handshake's: the largest flush
  std::optional<DiskParams> disk;           // -disk, the modelled log write
  std::optional<std::string> log_file;      // -logDir: the file the log was written to
  std::optional<DiskParams> replay;         // standby: -replay
  std::uint32_t receive_buffer_pages = 0;   // standby: -hadrBufSize in effect
  Nanos replay_delay{};                     // standby: -replayDelay (0: none)
  std::uint64_t spool_limit_pages = 0;      // standby: -spoolLimit (kUnlimitedSpool: no limit)
  std::optional<NetworkParams> network;     // -netDelay / -netRate
  std::uint64_t network_window = 0;         // bytes, with a network model
  std::optional<MBytesPerSec> uplink;       // -model's shared uplink (-uplinkRate)
  bool modelled = false;                    // -model: virtual time
  std::optional<ThreadCpuCost> thread_cpu;  // -model -tls, -tcpCost: each side's CPU per byte
  Nanos hadr_timeout{};                     // -hadrTimeout: a longer stall leaves peer state
  Nanos peer_wait_limit{};                  // -peerWaitLimit (0: none)
  Nanos peer_window{};                      // -peerWindow (0: none)
  std::optional<Nanos> max_commit_hold;     // -maxCommitHold: the advice asked for
  std::optional<OfferedLoad> offered;       // primary: -target, -logRate, -workload
  // -sockSndBuf/-sockRcvBuf as asked (a standby's, as its primary asked); the
  // kernel's figure, which Linux doubles, is the run's socket_send_buffer.
  std::optional<int> requested_send_buffer;
  std::optional<int> requested_receive_buffer;
  std::optional<PayloadSpec> payload;  // primary, disk test: what the pages carried

  // -model -tcpCost: what TCP's work costs this side's thread per GB; empty when not charged.
  std::optional<double> tcp_cost_seconds_per_gb() const;
};

}  // namespace simhadr
