#pragma once
// The link in virtual time: the primary's bytes go onto the wire piece by
// piece under the network model's rate and window (NetworkModel), reach the
// standby one delay after their wire end, and leave the window one delay
// after the standby took them into its receive buffer.
#include <cstdint>
#include <optional>

#include "simhadr/measure/run_result.hpp"
#include "simhadr/models/network.hpp"
#include "virtual_time/event_queue.hpp"

namespace simhadr {

class VirtualNetwork {
 public:
  VirtualNetwork(const NetworkModel& model, EventQueue& events, RunResult& sender)
      : model_(model), events_(events), sender_(sender) {}

  // The primary hands over a flush; pump() moves it along.
  void offer(std::uint64_t bytes) { pending_ += bytes; }
  // Puts what it can on the wire now; true when this call handed over the
  // last byte offered (the send call returned).
  bool pump(Nanos now);
  void window_open(std::uint64_t bytes) { in_flight_ -= bytes; }

 private:
  const NetworkModel& model_;
  EventQueue& events_;
  RunResult& sender_;
  std::uint64_t pending_ = 0;
  std::uint64_t in_flight_ = 0;
  Nanos wire_free_at_{};
  bool wire_event_pending_ = false;
  std::optional<Nanos> congested_since_;
};

}  // namespace simhadr
