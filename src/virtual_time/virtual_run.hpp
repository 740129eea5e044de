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
#include "simhadr/pipeline/shipping_plan.hpp"
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

// The shipping plan, and the link -model puts in place of sockets.
struct VirtualRunPlan : ShippingPlan {
  NetworkParams network;  // the principal's link
  std::uint64_t window_bytes = kAutotunedWindowBytes;
  std::vector<Endpoint> auxiliaries;  // SUPERASYNC standbys after the principal
  std::vector<NetworkParams> auxiliary_networks;
  std::optional<MBytesPerSec> uplink;  // shared by every stream
  std::optional<OutagePlan> outages;   // the principal's link's
  // -tls, -tcpCost: each side's thread per byte (the principal standby's; auxiliaries are free)
  std::optional<ThreadCpuCost> thread_cpu;
  IntervalSink primary_intervals;
  IntervalSink standby_intervals;
  // -disk's caps: full buckets, as a run starts, or spent, as a workload long
  // under way has them (a run that stops once steady would measure the burst).
  DiskStart disk_start = DiskStart::Full;
  // Asked after each flush: true ends the run there (it has what its caller needs).
  std::function<bool(const FlushProgress&)> settled;
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
