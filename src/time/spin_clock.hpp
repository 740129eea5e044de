#pragma once
// The real clock. An OS sleep overshoots by tens of microseconds, so a
// simulated IO sleeps until (deadline - spin) and busy-waits the rest, as the
// original does. Sleeps are cut into short slices so a stop request is seen.
#include "simhadr/clock.hpp"
#include "simhadr/stop.hpp"

namespace simhadr {

struct SleepCalibration {
  Nanos overhead;  // typical overshoot of a short OS sleep
  Nanos spin;      // what sleep_until busy-waits at the end
};

// Measures the overshoot of short OS sleeps; the spin time is chosen a little above it.
SleepCalibration calibrate_sleep();

class SpinClock final : public Clock {
 public:
  SpinClock(Nanos spin, const StopSource& stop) : spin_(spin), stop_(stop) {}
  time_point now() const override;
  void sleep_until(time_point t) override;

 private:
  Nanos spin_;
  const StopSource& stop_;
};

}  // namespace simhadr
