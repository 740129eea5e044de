#pragma once
// The seam for time: roles ask a Clock for "now" and to wait, so tests can
// drive them with a fake clock and no real sleeping.
#include <chrono>

#include "simhadr/units.hpp"

namespace simhadr {

class Clock {
 public:
  using time_point = std::chrono::steady_clock::time_point;
  virtual ~Clock() = default;
  virtual time_point now() const = 0;
  // Returns when t is reached, or earlier when a stop was requested.
  virtual void sleep_until(time_point t) = 0;
  // The same, but it may return a wake-up's lateness after t, never spinning
  // to be on time: for a wait whose caller makes up for a late start (a pace
  // kept to a schedule), where a spin would only burn the host's CPU.
  virtual void sleep_about_until(time_point t) { sleep_until(t); }
};

}  // namespace simhadr
