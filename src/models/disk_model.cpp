#include "simhadr/models/disk_model.hpp"

#include <algorithm>

#include "simhadr/models/capped_disk.hpp"

namespace simhadr {

namespace {

// In seconds: a cap's interval is a figure the advisor prints, not rounded to a nanosecond.
struct CapTimes {
  double iops = 0;
  double throughput = 0;
};

CapTimes cap_times(const DiskCaps& caps, std::uint64_t bytes) {
  CapTimes t;
  if (caps.iops) t.iops = 1.0 / *caps.iops;
  if (caps.throughput) t.throughput = caps.throughput->seconds_for(static_cast<double>(bytes));
  return t;
}

}  // namespace

double cap_interval(const DiskCaps& caps, std::uint64_t bytes) {
  const CapTimes t = cap_times(caps, bytes);
  return std::max(t.iops, t.throughput);
}

DiskLimit binding_cap(const DiskCaps& caps, std::uint64_t bytes) {
  const CapTimes t = cap_times(caps, bytes);
  if (!caps.any()) return DiskLimit::Line;
  if (caps.throughput && t.throughput >= t.iops) return DiskLimit::ThroughputCap;
  return DiskLimit::IopsCap;
}

LinearDisk::LinearDisk(DiskParams params) : params_(params) {}

Nanos LinearDisk::io_time(std::uint64_t bytes) const {
  const double seconds =
      params_.overhead_seconds + params_.rate.seconds_for(static_cast<double>(bytes));
  return from_seconds(seconds);
}

Nanos sustained_io_time(const DiskParams& params, std::uint64_t bytes) {
  return std::max(LinearDisk(params).io_time(bytes),
                  from_seconds(cap_interval(params.caps, bytes)));
}

DiskLimit binding_limit(const DiskParams& params, std::uint64_t bytes) {
  if (cap_interval(params.caps, bytes) <= to_seconds(LinearDisk(params).io_time(bytes))) {
    return DiskLimit::Line;
  }
  return binding_cap(params.caps, bytes);
}

std::unique_ptr<DiskModel> make_disk_model(const std::optional<DiskParams>& params,
                                           DiskStart start) {
  if (!params) return std::make_unique<InstantDisk>();
  if (params->caps.any()) return std::make_unique<CappedDisk>(*params, start);
  return std::make_unique<LinearDisk>(*params);
}

}  // namespace simhadr
