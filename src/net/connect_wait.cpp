#include "net/connect_wait.hpp"

#include <fmt/format.h>

#include <thread>

namespace simhadr {

WaitEnd sleep_unless_stopped(std::chrono::steady_clock::duration length, const StopSource& stop,
                             const Deadline& deadline) {
  const auto until = std::chrono::steady_clock::now() + length;
  while (std::chrono::steady_clock::now() < until) {
    if (stop.requested()) return WaitEnd::Stopped;
    if (deadline.passed()) return WaitEnd::TimedOut;
    std::this_thread::sleep_for(deadline.next_wait(kStopCheckSlice));
  }
  return WaitEnd::Done;
}

std::string timeout_hint(Nanos bound) {
  return fmt::format("{:g} s (-connectTimeout; 0 waits without end)", to_seconds(bound));
}

}  // namespace simhadr
