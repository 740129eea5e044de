#pragma once
// Simulated log disk: how long one IO of a given size takes. Pure arithmetic;
// the role does the waiting.
#include <cstdint>
#include <memory>
#include <optional>

#include "simhadr/config.hpp"
#include "simhadr/units.hpp"

namespace simhadr {

class DiskModel {
 public:
  virtual ~DiskModel() = default;
  virtual Nanos io_time(std::uint64_t bytes) const = 0;
};

// The default: every IO completes at once.
class InstantDisk final : public DiskModel {
 public:
  Nanos io_time(std::uint64_t) const override { return Nanos{0}; }
};

// -disk MBps overhead: io_time = overhead + bytes / (MBps * 10^6).
class LinearDisk final : public DiskModel {
 public:
  explicit LinearDisk(DiskParams params);
  Nanos io_time(std::uint64_t bytes) const override;

 private:
  DiskParams params_;
};

// -disk when given, otherwise the instant disk.
std::unique_ptr<DiskModel> make_disk_model(const std::optional<DiskParams>& params);

}  // namespace simhadr
