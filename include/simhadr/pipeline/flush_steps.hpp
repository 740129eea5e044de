#pragma once
// The work of one flush on the primary, in the order its sync mode gives it:
// FlushCycle takes the steps and asks each engine for what they need. The IO
// starts with the flush; SYNC waits for it before shipping, the
// other modes ship while it runs and wait for what is left of it afterwards.
// Shipping ends with the ack where the mode has one, else with the send.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "simhadr/sync_mode.hpp"

namespace simhadr {

enum class FlushStep : std::uint8_t {
  StartIo,   // the log write (SUPERASYNC: read) begins
  AwaitIo,   // until it is done
  Send,      // the flush's pages go to the socket
  AwaitAck,  // until the standby's ack is in
  Shipped,   // shipping is over: its time is counted
  Finish,    // the flush is done: counted, and the next may start
};

class FlushSteps {
 public:
  explicit FlushSteps(const ModeRules& rules);

  std::span<const FlushStep> all() const { return {steps_.data(), count_}; }
  FlushStep operator[](std::size_t at) const { return steps_[at]; }
  std::size_t size() const { return count_; }

 private:
  std::array<FlushStep, 6> steps_{};
  std::size_t count_ = 0;
};

}  // namespace simhadr
