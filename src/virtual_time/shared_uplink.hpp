#pragma once
// -uplinkRate: the primary's own link, which every standby's stream crosses
// before its own link. The streams take it one piece at a time, in turn: a
// stream that has put a piece on it goes to the back of the queue, so
// streams that all have log to send share it evenly, and a stream held back
// by its own link or window leaves its turn to the others.
#include <cstdint>
#include <deque>
#include <optional>

#include "simhadr/models/network.hpp"

namespace simhadr {

class SharedUplink {
 public:
  explicit SharedUplink(MBytesPerSec rate);

  std::uint64_t quantum_bytes() const { return model_.quantum_bytes(); }
  // True when `stream` may put a piece on the uplink now: it is idle and no
  // other stream is waiting ahead.
  bool free_for(std::uint8_t stream, Nanos now) const;
  void wait(std::uint8_t stream);
  // A stream that cannot use its turn (its window or its own link is full).
  void leave(std::uint8_t stream);
  // Puts a piece on the uplink; returns when the uplink is free again.
  Nanos take(std::uint8_t stream, Nanos now, std::uint64_t bytes);
  // The stream whose turn it is, when the uplink is idle at `now`.
  std::optional<std::uint8_t> next(Nanos now) const;

 private:
  NetworkModel model_;
  Nanos free_at_{};
  std::deque<std::uint8_t> waiting_;
};

}  // namespace simhadr
