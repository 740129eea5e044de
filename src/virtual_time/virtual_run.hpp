#pragma once
// -model: primary, link and standby as a discrete-event simulation in
// virtual time. Same sync-mode rules, flush-size, disk, network and replay
// models as a real run, the same RunResult for each side, no sockets and no
// sleeping; the same inputs give the same result to the nanosecond.
#include <functional>
#include <optional>
#include <vector>

#include "simhadr/config.hpp"
#include "simhadr/measure/interval_reporter.hpp"
#include "simhadr/measure/run_result.hpp"
#include "simhadr/models/disk_model.hpp"
#include "simhadr/models/flush_size.hpp"
#include "simhadr/models/network.hpp"
#include "simhadr/pipeline/run_limits.hpp"
#include "simhadr/stop.hpp"
#include "simhadr/thread_cpu_cost.hpp"

namespace simhadr {

// Where a run stands once a flush is done.
struct FlushProgress {
  std::uint64_t flushes = 0;
  std::uint64_t bytes = 0;
  Nanos now{};
  CommitWait commit;  // the workload's so far (a logger's flush sizes)
  // Handed to the link and not yet acknowledged: what the send buffer holds.
  std::uint64_t in_flight = 0;
};

struct VirtualRunPlan {
  SyncMode mode = SyncMode::NearSync;
  std::optional<std::uint64_t> max_flushes;
  std::optional<Nanos> run_time;
  std::optional<DiskParams> disk;  // both sides
  std::optional<DiskParams> replay;
  std::uint64_t spool_limit_pages = 0;
  std::optional<MBytesPerSec> target;
  std::optional<OfferedLoad> offered;  // -target, -logRate, -workload: what the report weighs
  NetworkParams network;               // the principal's link
  std::uint64_t window_bytes = kAutotunedWindowBytes;
  std::vector<Endpoint> auxiliaries;  // SUPERASYNC standbys after the principal
  std::vector<NetworkParams> auxiliary_networks;
  std::optional<MBytesPerSec> uplink;               // shared by every stream
  std::optional<std::uint32_t> buffer_pages;        // -hadrBufSize
  std::optional<std::uint32_t> asked_buffer_pages;  // -standbyHadrBufSize, the primary's
  std::optional<OutagePlan> outages;                // the principal's link's
  Nanos hadr_timeout = from_seconds(kDefaultHadrTimeoutSeconds);
  std::optional<Nanos> interval;
  // -tls, -tcpCost: each side's thread per byte (the principal standby's; auxiliaries are free)
  std::optional<ThreadCpuCost> thread_cpu;
  IntervalSink primary_intervals;
  IntervalSink standby_intervals;
  // Asked after each flush: true ends the run there (it has what its caller needs).
  std::function<bool(const FlushProgress&)> settled;

  RunLimits limits() const { return {max_flushes, run_time}; }
  // The standby's receive buffer (standby_buffer_pages), the one place -model decides it.
  std::uint32_t standby_buffer_pages(std::uint32_t largest_flush_pages) const;
};

struct VirtualOutcome {
  RunResult primary;
  RunResult standby;
  std::vector<RunResult> auxiliary_standbys;
  bool interrupted = false;
};

// The flush sizes come from `flush_sizes`, whose clock starts at time zero.
// What each side of the run reports it ran with: the plan, resolved once.
SideSettings virtual_side_settings(const VirtualRunPlan& plan, Role role,
                                   std::uint32_t largest_flush_pages);

VirtualOutcome run_virtual(const VirtualRunPlan& plan, FlushSizeSource& flush_sizes,
                           const StopSource& stop);

VirtualRunPlan virtual_plan_from(const RunConfig& config);

}  // namespace simhadr
