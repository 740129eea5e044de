#include "simhadr/models/target_pacer.hpp"

namespace simhadr {

TargetPacer::TargetPacer(double mbytes_per_sec) : mbytes_per_sec_(mbytes_per_sec) {}

Clock::time_point TargetPacer::resume_at(Clock::time_point run_start,
                                         std::uint64_t bytes_sent) const {
  const double seconds = static_cast<double>(bytes_sent) / (mbytes_per_sec_ * kBytesPerMByte);
  return run_start + from_seconds(seconds);
}

}  // namespace simhadr
