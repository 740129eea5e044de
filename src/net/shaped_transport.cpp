#include "net/shaped_transport.hpp"

#include <algorithm>
#include <array>

namespace simhadr {

ShapedTransport::ShapedTransport(Transport& inner, Clock& clock, NetworkModel model)
    : inner_(inner), clock_(clock), model_(model) {}

void ShapedTransport::forget_acknowledged(Clock::time_point now) {
  while (!in_flight_.empty() && in_flight_.front().at <= now) {
    in_flight_bytes_ -= in_flight_.front().bytes;
    in_flight_.pop_front();
  }
}

bool ShapedTransport::room_for_a_piece(std::uint64_t in_flight) const {
  return model_.next_piece(model_.quantum_bytes(), model_.window_bytes() - in_flight) > 0;
}

IoStep ShapedTransport::send_some(std::span<const char> data) {
  auto now = clock_.now();
  forget_acknowledged(now);
  const std::uint64_t piece =
      model_.next_piece(data.size(), model_.window_bytes() - in_flight_bytes_);
  if (piece == 0) return {0, true};
  if (wire_free_at_ > now) {
    clock_.sleep_until(wire_free_at_);
    now = std::max(clock_.now(), wire_free_at_);
  }
  IoStep step = inner_.send_some(data.first(piece));
  if (step.bytes == 0) return step;
  last_piece_wire_ = model_.serialization(step.bytes);
  wire_free_at_ = now + last_piece_wire_;
  in_flight_.push_back({wire_free_at_ + model_.round_trip(), step.bytes});
  in_flight_bytes_ += step.bytes;
  return step;
}

bool ShapedTransport::wait_writable(Nanos max_wait) {
  const auto now = clock_.now();
  forget_acknowledged(now);
  if (room_for_a_piece(in_flight_bytes_)) return inner_.wait_writable(max_wait);
  // The window opens as the oldest pieces are acknowledged.
  std::uint64_t still_in_flight = in_flight_bytes_;
  Clock::time_point opens = in_flight_.back().at;
  for (const Timed& piece : in_flight_) {
    still_in_flight -= piece.bytes;
    if (room_for_a_piece(still_in_flight)) {
      opens = piece.at;
      break;
    }
  }
  clock_.sleep_until(std::min(opens, now + max_wait));
  forget_acknowledged(clock_.now());
  return room_for_a_piece(in_flight_bytes_);
}

IoStep ShapedTransport::pull(Clock::time_point now) {
  std::array<char, 4096> chunk{};
  IoStep step = inner_.recv_some(chunk);
  if (step.bytes > 0) {
    // What answers the last piece cannot be back before that piece's wire end plus the round trip.
    held_.insert(held_.end(), chunk.begin(), chunk.begin() + static_cast<long>(step.bytes));
    held_due_.push_back({now + last_piece_wire_ + model_.round_trip(), step.bytes});
  } else if (!step.would_block) {
    peer_closed_ = true;
  }
  return step;
}

IoStep ShapedTransport::recv_some(std::span<char> into) {
  const auto now = clock_.now();
  while (!peer_closed_ && pull(now).bytes > 0) {
  }
  std::size_t ready = 0;
  while (!held_due_.empty() && held_due_.front().at <= now) {
    ready += held_due_.front().bytes;
    held_due_.pop_front();
  }
  if (ready == 0) return {0, !(peer_closed_ && held_.empty())};
  const std::size_t given = std::min(ready, into.size());
  std::copy_n(held_.begin(), given, into.begin());
  held_.erase(held_.begin(), held_.begin() + static_cast<long>(given));
  if (given < ready) held_due_.push_front({now, ready - given});
  return {given, false};
}

bool ShapedTransport::wait_readable(Nanos max_wait) {
  auto now = clock_.now();
  if (held_due_.empty()) {
    if (peer_closed_ || !inner_.wait_readable(max_wait)) return peer_closed_;
    now = clock_.now();
    pull(now);
    if (held_due_.empty()) return true;  // the peer closed: recv_some says so
  }
  clock_.sleep_until(std::min(held_due_.front().at, now + max_wait));
  return held_due_.front().at <= clock_.now();
}

}  // namespace simhadr
