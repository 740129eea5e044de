#pragma once
// Virtual time: the clock the interval reporters read in a -model run,
// moved by the simulation from one event to the next; nothing sleeps.
#include "simhadr/clock.hpp"

namespace simhadr {

class VirtualClock final : public Clock {
 public:
  time_point now() const override { return time_point{} + now_; }
  void sleep_until(time_point) override {}
  void set(Nanos t) { now_ = t; }

 private:
  Nanos now_{};
};

}  // namespace simhadr
