#include "virtual_time/virtual_network.hpp"

namespace simhadr {

bool VirtualNetwork::pump(Nanos now) {
  if (pending_ == 0) return false;
  if (wire_event_pending_ && now < wire_free_at_) return false;
  wire_event_pending_ = false;
  while (pending_ > 0) {
    const std::uint64_t piece = model_.next_piece(pending_, model_.window_bytes() - in_flight_);
    if (piece == 0) {
      // The window is full: a send would block until an acknowledgement opens it.
      if (!congested_since_) congested_since_ = now;
      return false;
    }
    if (congested_since_) {
      const Nanos waited = now - *congested_since_;
      sender_.note_congestion(waited);
      congested_since_.reset();
    }
    if (wire_free_at_ > now) {
      events_.at(wire_free_at_, Event::WireFree);
      wire_event_pending_ = true;
      return false;
    }
    wire_free_at_ = now + model_.serialization(piece);
    in_flight_ += piece;
    pending_ -= piece;
    sender_.note_send(piece);
    events_.at(wire_free_at_ + model_.one_way_delay(), Event::Arrival, piece);
  }
  return true;
}

}  // namespace simhadr
