#include "virtual_time/virtual_network.hpp"

#include <algorithm>

namespace simhadr {

bool VirtualNetwork::retry_at(Nanos at) {
  events_.at(at, Event::WireFree, 0, stream_);
  wire_event_pending_ = true;
  return false;
}

Nanos VirtualNetwork::wire_time(std::uint64_t piece) {
  if (piece != last_piece_bytes_) {
    last_piece_bytes_ = piece;
    last_piece_wire_ = model_.serialization(piece);
  }
  return last_piece_wire_;
}

bool VirtualNetwork::pump(Nanos now) {
  if (pending_ == 0) return false;
  if (wire_event_pending_ && now < wire_free_at_ - ahead_) return false;
  wire_event_pending_ = false;
  while (pending_ > 0) {
    std::uint64_t piece = model_.next_piece(pending_, model_.window_bytes() - in_flight_);
    if (piece == 0) {
      // The window is full: a send would block until an acknowledgement opens it.
      if (!congested_since_) congested_since_ = now;
      if (uplink_) uplink_->leave(stream_);
      return false;
    }
    if (congested_since_) {
      const Nanos until = sender_end_ ? std::min(now, *sender_end_) : now;
      if (until > *congested_since_) sender_.note_congestion(until - *congested_since_);
      congested_since_.reset();
    }
    Nanos wire_end{};
    if (uplink_) {
      // Behind a shared uplink the own link is a queue the window bounds: a piece leaves the
      // uplink in its turn and starts on the own link when that is free.
      if (!uplink_->free_for(stream_, now)) {
        uplink_->wait(stream_);
        return false;
      }
      piece = std::min(piece, uplink_->quantum_bytes());
      const Nanos uplink_free = uplink_->take(stream_, now, piece);
      events_.at(uplink_free, Event::UplinkFree);
      wire_free_at_ = std::max(now, wire_free_at_) + wire_time(piece);
      wire_end = std::max(wire_free_at_, uplink_free);
    } else if (const StallEpisode* down = outages_ ? outages_->at(now) : nullptr) {
      // The link is down: the send buffer takes the piece, and the wire carries it once the
      // link is back, after those queued before it.
      wire_free_at_ = std::max(wire_free_at_, down->end()) + wire_time(piece);
      wire_end = wire_free_at_;
    } else {
      // A send waiting for the wire is time spent sending, not a congestion.
      if (wire_free_at_ > now + ahead_) return retry_at(wire_free_at_ - ahead_);
      wire_free_at_ = std::max(now, wire_free_at_) + wire_time(piece);
      wire_end = wire_free_at_;
    }
    in_flight_ += piece;
    pending_ -= piece;
    handed_over_ += piece;
    sender_.note_send(piece);
    events_.at(wire_end + model_.one_way_delay(), Event::Arrival, piece, stream_);
    // On a shared uplink the others take their turn before this stream's next piece.
    if (uplink_ && pending_ > 0) {
      uplink_->wait(stream_);
      return false;
    }
  }
  return true;
}

}  // namespace simhadr
