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
  // An IO of `bytes` that starts at `start` (on any one clock). Not const: a
  // capped disk meters what it has let through.
  virtual Nanos io_time(Nanos start, std::uint64_t bytes) = 0;
  // False where io_time did the IO itself (-logDir): there is nothing left to sleep.
  virtual bool sleeps() const { return true; }
};

// The default: every IO completes at once.
class InstantDisk final : public DiskModel {
 public:
  Nanos io_time(Nanos, std::uint64_t) override { return Nanos{0}; }
};

// -disk MBps overhead: io_time = overhead + bytes / (MBps * 10^6); its caps are
// CappedDisk's.
class LinearDisk final : public DiskModel {
 public:
  explicit LinearDisk(DiskParams params);
  Nanos io_time(Nanos, std::uint64_t bytes) override { return io_time(bytes); }
  Nanos io_time(std::uint64_t bytes) const;

 private:
  DiskParams params_;
};

// What holds one IO back when many follow each other at queue depth 1: the
// disk's line, or one of its caps.
enum class DiskLimit : std::uint8_t { Line, IopsCap, ThroughputCap };

// The least time between the starts of two IOs of `bytes` that the caps allow,
// in seconds; 0 without caps. A cap is a rate, not a delay: in SYNC the primary's and the
// standby's writes follow each other, but each disk's cap holds only its own.
double cap_interval(const DiskCaps& caps, std::uint64_t bytes);
// The cap that sets cap_interval; Line without caps.
DiskLimit binding_cap(const DiskCaps& caps, std::uint64_t bytes);

// The time each IO takes in a long run of them back to back: the line's, or the
// least a cap allows, whichever is longer.
Nanos sustained_io_time(const DiskParams& params, std::uint64_t bytes);
DiskLimit binding_limit(const DiskParams& params, std::uint64_t bytes);

// A capped disk's buckets at its first IO.
enum class DiskStart : std::uint8_t { Full, Spent };

// -disk when given (capped when it has caps), otherwise the instant disk. Each
// side of a run takes its own: a disk's meter is its own.
std::unique_ptr<DiskModel> make_disk_model(const std::optional<DiskParams>& params,
                                           DiskStart start = DiskStart::Full);

}  // namespace simhadr
