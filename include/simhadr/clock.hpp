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
};

}  // namespace simhadr
