#pragma once
// -calculate -model: what a failure would cost each mode, from the scan's
// busiest interval (docs/guide/failure-costs.md): the longest a -netOutage
// of the link holds commits under the settings given, and how long a takeover
// at the end of the peak would replay (-replay), the standby having fallen
// behind by what the peak wrote beyond its replay rate, up to what its buffer
// and spool hold. Closed forms on the rules the model follows.
#include <cstdint>
#include <optional>

#include "simhadr/advice/commit_hold_advice.hpp"
#include "simhadr/models/disk_model.hpp"
#include "simhadr/workload/db2logscan.hpp"

namespace simhadr {

struct FailurePlan {
  CommitHoldAsk settings;            // mode, -hadrTimeout, -peerWaitLimit, -peerWindow, -netOutage
  std::optional<DiskParams> replay;  // -replay
  std::uint64_t standby_holds_bytes = 0;  // its receive buffer and spool
  std::uint64_t window_bytes = 0;         // what ASYNC's send buffer absorbs first
};

struct ModeFailure {
  std::optional<double> hold_seconds;      // with -netOutage
  bool hold_bounded_by_settings = false;   // the settings ended it before the outage did
  std::optional<double> takeover_seconds;  // with -replay
  std::uint64_t takeover_bytes = 0;
};

ModeFailure failure_at_peak(const FailurePlan& plan, const WorkloadInterval& peak);

}  // namespace simhadr
