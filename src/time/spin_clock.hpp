#pragma once
// The real clock. An OS sleep overshoots by tens of microseconds, so a
// simulated IO sleeps until (deadline - spin) and busy-waits the rest, as the
// original does. Sleeps are cut into short slices so a stop request is seen.
#include <cstdint>

#include "simhadr/clock.hpp"
#include "simhadr/stop.hpp"

namespace simhadr {

struct SleepCalibration {
  Nanos overhead;  // typical overshoot of a short OS sleep
  Nanos spin;      // what sleep_until busy-waits at the end
};

// Measures the overshoot of short OS sleeps; the spin time is chosen a little above it.
SleepCalibration calibrate_sleep();

// The spin after a sleep that woke `lateness` after it asked to: raised at
// once to cover that wake-up with a margin (at most kMaxAdaptiveSpin), or
// moved a 32nd of the way down, never below the calibrated spin.
Nanos adapted_spin(Nanos current, Nanos calibrated, Nanos lateness);
inline constexpr Nanos kMaxAdaptiveSpin = std::chrono::microseconds(500);

// With an adaptive spin, a wake-up that comes later than the spin covers
// raises the spin at once (a loaded or virtual machine wakes sleepers late),
// and the spin then decays slowly back towards the calibrated value.
enum class SpinPolicy : std::uint8_t { Fixed, Adaptive };

class SpinClock final : public Clock {
 public:
  SpinClock(Nanos spin, SpinPolicy policy, const StopSource& stop)
      : calibrated_spin_(spin), spin_(spin), policy_(policy), stop_(stop) {}
  time_point now() const override;
  void sleep_until(time_point t) override;
  Nanos spin() const { return spin_; }

 private:
  Nanos calibrated_spin_;
  Nanos spin_;
  SpinPolicy policy_;
  const StopSource& stop_;
};

}  // namespace simhadr
