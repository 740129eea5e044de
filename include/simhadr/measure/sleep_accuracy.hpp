#pragma once
// How closely a real run's simulated log writes (-disk) kept to their
// model. A late wake-up stretches the run's wall clock, and so can lower its
// MBytes/sec, never its disk figures, which are model time.
#include <algorithm>
#include <cstdint>

#include "simhadr/units.hpp"

namespace simhadr {

struct SleepAccuracy {
  // Late as the original counts it: over by more than a tenth of the wait.
  // Below a few microseconds no clock read tells lateness from noise.
  static constexpr double kLateShare = 0.10;
  static constexpr Nanos kLateFloor = std::chrono::microseconds(10);

  std::uint64_t waits = 0;  // simulated IOs that waited
  std::uint64_t late = 0;
  Nanos requested{};
  Nanos overshoot{};  // every wait's, late or not
  Nanos late_overshoot{};
  Nanos worst{};

  static bool is_late(Nanos requested, Nanos over) {
    return over > kLateFloor && to_seconds(over) > kLateShare * to_seconds(requested);
  }
  // A wait of `requested` that took `over` longer; true when it was late.
  bool add(Nanos asked, Nanos over) {
    over = std::max(over, Nanos{0});  // a stop ends a wait early
    ++waits;
    requested += asked;
    overshoot += over;
    worst = std::max(worst, over);
    if (!is_late(asked, over)) return false;
    ++late;
    late_overshoot += over;
    return true;
  }
};

}  // namespace simhadr
