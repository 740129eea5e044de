#pragma once
// -target: after each flush the primary idles until its average rate since the
// start of the run is back at the target.
#include <cstdint>

#include "simhadr/clock.hpp"
#include "simhadr/rate.hpp"

namespace simhadr {

class TargetPacer {
 public:
  explicit TargetPacer(MBytesPerSec target);
  MBytesPerSec target() const { return target_; }
  // The earliest moment the next flush may start.
  Clock::time_point resume_at(Clock::time_point run_start, std::uint64_t bytes_sent) const;

 private:
  MBytesPerSec target_;
};

}  // namespace simhadr
