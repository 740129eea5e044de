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
  time_point now() const override { return now_; }
  void sleep_until(time_point t) override {
    if (t <= now_) return;
    if (events_) events_->push_back(fmt::format("sleep {}", (t - now_).count()));
    now_ = t;
  }
  void advance(Nanos d) { now_ += d; }

 private:
  std::vector<std::string>* events_;
  time_point now_{};
};

}  // namespace simhadr::testing
