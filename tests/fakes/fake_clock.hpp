#pragma once
// Time that moves only when a role sleeps or the fake link advances it.
#include <fmt/format.h>

#include <string>
#include <vector>

#include "simhadr/clock.hpp"

namespace simhadr::testing {

class FakeClock final : public Clock {
 public:
  explicit FakeClock(std::vector<std::string>* events = nullptr) : events_(events) {}
  // Each reading also moves time on by the creep: time passes between two readings, as it does
  // on a real clock.
  time_point now() const override {
    const time_point read = now_;
    now_ += creep_;
    return read;
  }
  void creep_on_every_read(Nanos creep) { creep_ = creep; }
  void sleep_until(time_point t) override {
    if (t <= now_) return;
    if (events_) events_->push_back(fmt::format("sleep {}", (t - now_).count()));
    now_ = t;
  }
  void advance(Nanos d) { now_ += d; }

 private:
  std::vector<std::string>* events_;
  mutable time_point now_{};
  Nanos creep_{0};
};

}  // namespace simhadr::testing
