#include "simhadr/models/target_pacer.hpp"

namespace simhadr {

TargetPacer::TargetPacer(MBytesPerSec target) : target_(target) {}

Clock::time_point TargetPacer::resume_at(Clock::time_point run_start,
                                         std::uint64_t bytes_sent) const {
  const double seconds = target_.seconds_for(static_cast<double>(bytes_sent));
  return run_start + from_seconds(seconds);
}

}  // namespace simhadr
