#include "simhadr/measure/disk_io_result.hpp"

#include <algorithm>

namespace simhadr {

void DiskIoResult::merge(const DiskIoResult& other) {
  ios += other.ios;
  bytes += other.bytes;
  elapsed = std::max(elapsed, other.elapsed);
  paced = std::max(paced, other.paced);
  io_time += other.io_time;
  micros.merge(other.micros);
  percentiles.merge(other.percentiles);
  end_of_file = end_of_file || other.end_of_file;
  if (!failure) failure = other.failure;
}

}  // namespace simhadr
