#pragma once
// Cuts a run into -interval periods. The role polls it between steps with the
// run's totals; a period that has ended comes back as the difference of the
// totals since the previous one. Boundaries are checked only when polled, so
// an interval ends at the first step after its nominal end and says so.
#include <optional>

#include "simhadr/clock.hpp"
#include "simhadr/measure/interval.hpp"
#include "simhadr/measure/run_result.hpp"
#include "simhadr/measure/stalls.hpp"

namespace simhadr {

class IntervalMeter {
 public:
  // `stalls`, when given, says how much of each period was stalled.
  IntervalMeter(Nanos period, Clock::time_point start, const StallSource* stalls = nullptr);

  void note_shipping(Nanos shipping);
  std::optional<IntervalSample> poll(Clock::time_point now, const RunResult& totals);
  // What the run did after the last full period, if that lasted a tenth of a period or more.
  std::optional<IntervalSample> finish(Clock::time_point now, const RunResult& totals);

 private:
  IntervalSample close(Clock::time_point now, const RunResult& totals);

  Nanos period_;
  const StallSource* stalls_;
  Clock::time_point run_start_;
  Clock::time_point next_end_;
  IntervalSample open_;  // start, and the totals when it started
  std::uint64_t shipped_ = 0;
  Nanos ship_total_{};
  Nanos ship_max_{};
  double buffer_byte_seconds_ = 0;  // at the start of the open interval
  Nanos buffer_full_time_{};
  Nanos buffer_observed_{};  // how far the buffer's use was accounted then
};

}  // namespace simhadr
