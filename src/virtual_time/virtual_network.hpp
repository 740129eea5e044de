#pragma once
// The link in virtual time: the primary's bytes go onto the wire piece by
// piece under the network model's rate and window (NetworkModel), reach the
// standby one delay after their wire end, and leave the window one delay
// after the standby took them into its receive buffer. A send returns once its
// pieces are in the send buffer, which holds what the wire is carrying and up
// to keep_ahead() bytes more (the principal's: its largest flush), so the primary's
// thread works on its next flush while the wire carries this one, as behind a
// real socket, without running further ahead of the link. With a shared uplink
// (-uplinkRate), each piece first takes its turn on the uplink, then queues
// for its own link (the window bounds that queue, as a router's would hold
// it); its wire end is the later of the two.
#include <cstdint>
#include <optional>

#include "simhadr/measure/run_result.hpp"
#include "simhadr/models/network.hpp"
#include "virtual_time/event_queue.hpp"
#include "virtual_time/link_outages.hpp"
#include "virtual_time/shared_uplink.hpp"

namespace simhadr {

class VirtualNetwork {
 public:
  VirtualNetwork(const NetworkModel& model, EventQueue& events, RunResult& sender,
                 std::uint8_t stream = 0, SharedUplink* uplink = nullptr,
                 const LinkOutages* outages = nullptr)
      : model_(model),
        events_(events),
        sender_(sender),
        stream_(stream),
        uplink_(uplink),
        outages_(outages) {}

  // The primary hands over a flush; pump() moves it along.
  void offer(std::uint64_t bytes) { pending_ += bytes; }
  // Puts what it can on the wire now; true when this call handed over the
  // last byte offered (the send call returned).
  bool pump(Nanos now);
  void window_open(std::uint64_t bytes) { in_flight_ -= bytes; }
  // Every byte handed over so far.
  std::uint64_t handed_over() const { return handed_over_; }
  // Bytes handed over whose acknowledgement is not back yet.
  std::uint64_t in_flight() const { return in_flight_; }
  // Bytes offered but not yet handed over.
  std::uint64_t pending() const { return pending_; }
  // How much may wait in the send buffer for the wire; 0 (the default): a piece is handed over
  // as the wire takes it.
  void keep_ahead(std::uint64_t bytes) { ahead_ = model_.serialization(bytes); }
  // The sender's run ended at `at`: what it queued still goes, but a wait after
  // its end is none of its congestions (its report ends there).
  void sender_ended(Nanos at) { sender_end_ = at; }
  // Hands over no more than `total` bytes in all (the run ended): the rest stays behind.
  void limit_to(std::uint64_t total) { pending_ = total > handed_over_ ? total - handed_over_ : 0; }

 private:
  // Schedules a retry at `at`; false, as pump returns when it must wait.
  bool retry_at(Nanos at);
  // The model's serialization of a piece; nearly every piece is a quantum, so the last is kept.
  Nanos wire_time(std::uint64_t piece);

  const NetworkModel& model_;
  EventQueue& events_;
  RunResult& sender_;
  std::uint8_t stream_;
  SharedUplink* uplink_;
  const LinkOutages* outages_;
  std::uint64_t pending_ = 0;
  std::uint64_t in_flight_ = 0;
  std::uint64_t handed_over_ = 0;
  Nanos wire_free_at_{};
  Nanos ahead_{};  // the wire time keep_ahead() lets wait for the wire
  bool wire_event_pending_ = false;
  std::uint64_t last_piece_bytes_ = 0;
  Nanos last_piece_wire_{};
  std::optional<Nanos> congested_since_;
  std::optional<Nanos> sender_end_;
};

}  // namespace simhadr
