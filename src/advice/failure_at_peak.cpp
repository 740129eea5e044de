#include "simhadr/advice/failure_at_peak.hpp"

#include <algorithm>
#include <cmath>

#include "simhadr/rate.hpp"
#include "simhadr/units.hpp"

namespace simhadr {

namespace {

// The outage's hold: commits wait until the settings give up (and the window
// ends), or the link is back; ASYNC's wait begins once its send buffer is full.
void hold_through_outage(const FailurePlan& plan, double log_bytes_per_sec, ModeFailure& out) {
  const CommitHoldAsk& s = plan.settings;
  if (!s.outage_seconds) return;
  const double outage = *s.outage_seconds;
  if (s.mode == SyncMode::SuperAsync) {
    out.hold_seconds = 0.0;
    return;
  }
  const double waits_from =
      s.mode == SyncMode::Async ? static_cast<double>(plan.window_bytes) / log_bytes_per_sec : 0.0;
  const double waited = std::max(0.0, outage - waits_from);
  const std::optional<double> allowed = hold_allowed_seconds(s);
  out.hold_bounded_by_settings = allowed && *allowed < waited;
  out.hold_seconds = out.hold_bounded_by_settings ? *allowed : waited;
}

void takeover_after(const FailurePlan& plan, const WorkloadInterval& peak, double log_bytes_per_sec,
                    ModeFailure& out) {
  if (!plan.replay) return;
  const double flush_bytes = std::max(1.0, peak.flush_pages) * static_cast<double>(kPageBytes);
  // Replay's pace at the peak's flushes, its overhead per flush included.
  const double flush_replay =
      flush_bytes / plan.replay->rate.bytes_per_sec() + plan.replay->overhead_seconds;
  const double replay = flush_bytes / flush_replay;
  // Replay that keeps up has at most the flush under way to finish.
  const double behind = std::max(flush_bytes, (log_bytes_per_sec - replay) * peak.seconds);
  const double held = std::min(behind, static_cast<double>(plan.standby_holds_bytes));
  out.takeover_bytes = static_cast<std::uint64_t>(held);
  out.takeover_seconds = held / replay;
}

}  // namespace

ModeFailure failure_at_peak(const FailurePlan& plan, const WorkloadInterval& peak) {
  ModeFailure out;
  const double log_bytes_per_sec = rate_cast<MBytesPerSec>(peak.rate).bytes_per_sec();
  hold_through_outage(plan, log_bytes_per_sec, out);
  takeover_after(plan, peak, log_bytes_per_sec, out);
  return out;
}

}  // namespace simhadr
