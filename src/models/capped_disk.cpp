#include "simhadr/models/capped_disk.hpp"

#include <algorithm>

namespace simhadr {

CapMeter::CapMeter(double units_per_second, Nanos burst, DiskStart start)
    : seconds_per_unit_(1.0 / units_per_second), burst_(burst), start_(start) {}

Nanos CapMeter::caught_up_at(Nanos at) const {
  if (caught_up_) return *caught_up_;
  return start_ == DiskStart::Spent ? at + burst_ : at;
}

Nanos CapMeter::earliest(Nanos at) const {
  return std::max(at, caught_up_at(at) - burst_);
}

Nanos CapMeter::admit(Nanos at, double units) {
  const Nanos start = earliest(at);
  // A meter that has caught up starts again from the IO: it does not bank an idle spell.
  caught_up_ = std::max(caught_up_at(at), start) + from_seconds(units * seconds_per_unit_);
  return start;
}

CappedDisk::CappedDisk(const DiskParams& params, DiskStart start, Nanos burst) : line_(params) {
  if (params.caps.iops) iops_.emplace(*params.caps.iops, burst, start);
  if (params.caps.throughput) {
    throughput_.emplace(params.caps.throughput->bytes_per_sec(), burst, start);
  }
}

Nanos CappedDisk::io_time(Nanos start, std::uint64_t bytes) {
  const auto units = static_cast<double>(bytes);
  // Both caps must have room before it starts; each is charged for that start.
  Nanos admitted = start;
  if (iops_) admitted = std::max(admitted, iops_->earliest(start));
  if (throughput_) admitted = std::max(admitted, throughput_->earliest(start));
  if (iops_) iops_->admit(admitted, 1);
  if (throughput_) throughput_->admit(admitted, units);
  return admitted - start + line_.io_time(bytes);
}

}  // namespace simhadr
