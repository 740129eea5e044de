#pragma once
// -target, for FlushCycle: when the next flush may start. The cycle counts the
// idle time it leaves into the run's TargetStats.
#include <algorithm>
#include <cstdint>
#include <optional>

#include "simhadr/clock.hpp"
#include "simhadr/measure/run_result.hpp"
#include "simhadr/models/target_pacer.hpp"

namespace simhadr {

class Pacing {
 public:
  explicit Pacing(std::optional<MBytesPerSec> target) {
    if (target) pacer_.emplace(*target);
  }

  // What the result's `target` starts as: the rate, and no idle time yet.
  std::optional<TargetStats> initial_stats() const {
    if (!pacer_) return std::nullopt;
    return TargetStats{pacer_->target().value(), Nanos{0}};
  }

  // The earliest start of the next flush, `now` or later, once `bytes` are
  // shipped of a run that started at `start`.
  Clock::time_point resume_at(Clock::time_point start, std::uint64_t bytes,
                              Clock::time_point now) const {
    if (!pacer_) return now;
    return std::max(now, pacer_->resume_at(start, bytes));
  }

 private:
  std::optional<TargetPacer> pacer_;
};

}  // namespace simhadr
