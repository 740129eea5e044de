#include "simhadr/models/hadr_calculator.hpp"

#include <algorithm>

#include "simhadr/models/closed_forms.hpp"
#include "simhadr/models/disk_model.hpp"

namespace simhadr {

FlushGroup calculator_group(SyncMode mode, double pages, const CalculatorLink& link) {
  // In this order, so every figure matches the calculator's to the last bit.
  const double flush_mib = pages * 4096 / 1024 / 1024;
  const double write = link.disk_overhead_seconds + flush_mib / link.disk.value();
  const FlushCosts costs{write, flush_mib / (link.network.value() * link.compression), write,
                         link.round_trip_seconds};
  // Each disk's caps hold its own writes to their rate, whatever the mode.
  const double seconds =
      std::max(closed_form_seconds(mode, costs),
               cap_interval(link.disk_caps, static_cast<std::uint64_t>(pages * kPageBytes)));
  // Only an empty flush on a free link takes no time; it moves nothing.
  return {pages, seconds, MiBPerSec{seconds > 0 ? flush_mib / seconds : 0.0}};
}

FlushGroup group_for_rate(SyncMode mode, MiBPerSec rate, const FlushGroup& min,
                          const FlushGroup& max, const CalculatorLink& link) {
  if (rate <= min.rate) return min;
  if (rate >= max.rate) return max;
  FlushGroup low = min;
  FlushGroup high = max;
  // The rate grows with the flush size; halve until the range is a page wide
  // and take its upper end.
  while (high.pages - low.pages > 1) {
    const FlushGroup middle = calculator_group(mode, (low.pages + high.pages) / 2, link);
    if (rate > middle.rate) {
      low = middle;
    } else {
      high = middle;
    }
  }
  return high;
}

Impact impact_of(MiBPerSec rate, const FlushGroup& min, const FlushGroup& max) {
  if (rate <= min.rate) return Impact::None;
  if (rate > max.rate / 2) return Impact::Heavy;
  if (rate > max.rate / 4) return Impact::Medium;
  return Impact::Small;
}

ModeEstimate estimate_mode(SyncMode mode, const WorkloadInterval& interval,
                           const CalculatorLink& link) {
  const bool fixed_pieces = mode == SyncMode::SuperAsync;
  const double smallest = fixed_pieces ? kCatchupFlushPages : interval.flush_pages;
  const double open_log = interval.transaction_pages * interval.open_transactions;
  const double largest =
      fixed_pieces ? kCatchupFlushPages : (open_log > smallest ? open_log : smallest);
  ModeEstimate estimate;
  estimate.mode = mode;
  estimate.min = calculator_group(mode, smallest, link);
  estimate.max = calculator_group(mode, largest, link);
  estimate.expected = group_for_rate(mode, interval.rate, estimate.min, estimate.max, link);
  estimate.impact = impact_of(interval.rate, estimate.min, estimate.max);
  return estimate;
}

FlushGroup catchup_group(const CalculatorLink& link) {
  return calculator_group(SyncMode::Async, kCatchupFlushPages, link);
}

Impact catchup_impact(MiBPerSec average, const FlushGroup& catchup) {
  if (average > catchup.rate) return Impact::Heavy;
  if (average > catchup.rate * .75) return Impact::Medium;
  if (average > catchup.rate * .5) return Impact::Small;
  return Impact::None;
}

}  // namespace simhadr
