#include "simhadr/models/disk_model.hpp"

namespace simhadr {

LinearDisk::LinearDisk(DiskParams params) : params_(params) {}

Nanos LinearDisk::io_time(std::uint64_t bytes) const {
  const double seconds = params_.overhead_seconds +
                         static_cast<double>(bytes) / (params_.mbytes_per_sec * kBytesPerMByte);
  return from_seconds(seconds);
}

}  // namespace simhadr
