#include "simhadr/models/hadr_calculator.hpp"

#include "simhadr/models/closed_forms.hpp"

namespace simhadr {

FlushGroup calculator_group(SyncMode mode, double pages, const CalculatorLink& link) {
  // In this order, so every figure matches the calculator's to the last bit.
  const double flush_mib = pages * 4096 / 1024 / 1024;
  const double write = link.disk_overhead_seconds + flush_mib / link.disk_mib_per_sec;
  const FlushCosts costs{write, flush_mib / link.network_mib_per_sec, write,
                         link.round_trip_seconds};
  const double seconds = closed_form_seconds(mode, costs);
  // Only an empty flush on a free link takes no time; it moves nothing.
  return {pages, seconds, seconds > 0 ? flush_mib / seconds : 0.0};
}

FlushGroup group_for_rate(SyncMode mode, double mib_per_sec, const FlushGroup& min,
                          const FlushGroup& max, const CalculatorLink& link) {
  if (mib_per_sec <= min.mib_per_sec) return min;
  if (mib_per_sec >= max.mib_per_sec) return max;
  FlushGroup low = min;
  FlushGroup high = max;
  // The rate grows with the flush size; halve until the range is a page wide
  // and take its upper end.
  while (high.pages - low.pages > 1) {
    const FlushGroup middle = calculator_group(mode, (low.pages + high.pages) / 2, link);
    if (mib_per_sec > middle.mib_per_sec) {
      low = middle;
    } else {
      high = middle;
    }
  }
  return high;
}

Impact impact_of(double mib_per_sec, const FlushGroup& min, const FlushGroup& max) {
  if (mib_per_sec <= min.mib_per_sec) return Impact::None;
  if (mib_per_sec > max.mib_per_sec / 2) return Impact::Heavy;
  if (mib_per_sec > max.mib_per_sec / 4) return Impact::Medium;
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
  estimate.expected = group_for_rate(mode, interval.mib_per_sec, estimate.min, estimate.max, link);
  estimate.impact = impact_of(interval.mib_per_sec, estimate.min, estimate.max);
  return estimate;
}

FlushGroup catchup_group(const CalculatorLink& link) {
  return calculator_group(SyncMode::Async, kCatchupFlushPages, link);
}

Impact catchup_impact(double average_mib_per_sec, const FlushGroup& catchup) {
  if (average_mib_per_sec > catchup.mib_per_sec) return Impact::Heavy;
  if (average_mib_per_sec > catchup.mib_per_sec * .75) return Impact::Medium;
  if (average_mib_per_sec > catchup.mib_per_sec * .5) return Impact::Small;
  return Impact::None;
}

}  // namespace simhadr
