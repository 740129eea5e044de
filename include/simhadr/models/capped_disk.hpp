#pragma once
// A disk sold with caps, as clouds sell them: at most so many IOs and so many
// MB a second. Each cap is metered as a bucket that fills at the cap's rate and
// holds kCapBurstSeconds of it: an IO waits until the bucket is not in debt,
// takes what it costs, then takes the disk's own time. At queue depth 1 over a long run that is
// the line's time or the cap's, whichever is longer; a quiet spell lets one
// bucket's worth through at the line's pace.
#include <chrono>
#include <optional>

#include "simhadr/models/disk_model.hpp"

namespace simhadr {

// A tenth of a second of the cap. Clouds publish their caps per second and not
// the size of their buckets; Linux's block throttle (the capped device the
// tests use) meters in slices of 100 ms. A shorter bucket is the cautious
// reading: a larger one only quickens the first moments after a quiet spell.
inline constexpr std::chrono::milliseconds kCapBurstSeconds{100};

// One cap as a generic cell rate meter: `caught_up_` is when the IOs let
// through so far would have been paid for at the cap's rate; an IO may start
// once that is no more than the burst ahead of it.
class CapMeter {
 public:
  CapMeter(double units_per_second, Nanos burst, DiskStart start);
  // When an IO costing `units` that asks at `at` may start; it is charged.
  Nanos admit(Nanos at, double units);
  // When it may start, without charging it.
  Nanos earliest(Nanos at) const;

 private:
  // Before the first IO: caught up at once (a full bucket) or a burst ahead (spent).
  Nanos caught_up_at(Nanos at) const;

  double seconds_per_unit_;
  Nanos burst_;
  DiskStart start_;
  std::optional<Nanos> caught_up_;
};

class CappedDisk final : public DiskModel {
 public:
  explicit CappedDisk(const DiskParams& params, DiskStart start = DiskStart::Full,
                      Nanos burst = kCapBurstSeconds);
  Nanos io_time(Nanos start, std::uint64_t bytes) override;

 private:
  LinearDisk line_;
  std::optional<CapMeter> iops_;
  std::optional<CapMeter> throughput_;
};

}  // namespace simhadr
