#include "simhadr/models/disk_model.hpp"

namespace simhadr {

LinearDisk::LinearDisk(DiskParams params) : params_(params) {}

Nanos LinearDisk::io_time(std::uint64_t bytes) const {
  const double seconds =
      params_.overhead_seconds + params_.rate.seconds_for(static_cast<double>(bytes));
  return from_seconds(seconds);
}

std::unique_ptr<DiskModel> make_disk_model(const std::optional<DiskParams>& params) {
  if (params) return std::make_unique<LinearDisk>(*params);
  return std::make_unique<InstantDisk>();
}

}  // namespace simhadr
