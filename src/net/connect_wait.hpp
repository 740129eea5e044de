#pragma once
// The connection phase's waits: each is sliced so a stop request ends it, and
// -connectTimeout bounds them all.
#include <boost/asio/io_context.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "simhadr/stop.hpp"
#include "simhadr/units.hpp"
#include "simhadr/wait_slices.hpp"

namespace simhadr {

enum class WaitEnd : std::uint8_t { Done, Stopped, TimedOut };

// The end of the connection phase (-connectTimeout); none when the bound is zero.
class Deadline {
 public:
  explicit Deadline(Nanos bound) {
    if (bound > Nanos{0}) at_ = std::chrono::steady_clock::now() + bound;
  }
  bool passed() const { return at_ && std::chrono::steady_clock::now() >= *at_; }
  // The next wait: one slice, or less when the deadline comes first.
  std::chrono::steady_clock::duration next_wait(std::chrono::steady_clock::duration slice) const {
    if (!at_) return slice;
    return std::clamp<std::chrono::steady_clock::duration>(
        *at_ - std::chrono::steady_clock::now(), std::chrono::steady_clock::duration::zero(),
        slice);
  }

 private:
  std::optional<std::chrono::steady_clock::time_point> at_;
};

// Runs io until `done` is set by a handler, a stop is requested or the
// deadline passes; in the last two cases the pending operation is cancelled
// and its handler drained.
template <typename Cancel>
WaitEnd run_until_done(boost::asio::io_context& io, const bool& done, const StopSource& stop,
                       const Deadline& deadline, Cancel cancel) {
  while (!done) {
    const WaitEnd end = stop.requested()    ? WaitEnd::Stopped
                        : deadline.passed() ? WaitEnd::TimedOut
                                            : WaitEnd::Done;
    if (end != WaitEnd::Done) {
      cancel();
      io.restart();
      io.run();
      return end;
    }
    io.restart();
    io.run_for(deadline.next_wait(kStopCheckSlice));
  }
  return WaitEnd::Done;
}

WaitEnd sleep_unless_stopped(std::chrono::steady_clock::duration length, const StopSource& stop,
                             const Deadline& deadline);

// "N s (-connectTimeout; ...)": what a timeout message says of the bound.
std::string timeout_hint(Nanos bound);

}  // namespace simhadr
