#pragma once
// What a role tells the watch on its connection (net/tcp_watch.hpp) and asks
// of it: when the run begins, how much log it has written, and how much of a
// period was stalled, for its -interval lines.
#include <cstdint>
#include <optional>

#include "simhadr/clock.hpp"
#include "simhadr/measure/stalls.hpp"

namespace simhadr {

class ConnectionWatch : public StallSource {
 public:
  // The run begins: its time counts from `at`, and the log starts after
  // `stream_offset` bytes already sent on the connection (the handshake).
  virtual void begin(Clock::time_point at, std::uint64_t stream_offset) = 0;
  // The primary has written `total` bytes of log by `at`.
  virtual void log_written(std::uint64_t total, Clock::time_point at) = 0;
  // The primary waits for a flush's ack from `at` (true), or has it (false):
  // an ack lost in an outage leaves nothing of its own unacknowledged.
  virtual void awaiting_ack(bool awaiting, Clock::time_point at) = 0;
  // The log the standby's TCP has acknowledged by the latest reading, where
  // the system gives it; none before the first reading.
  virtual std::optional<std::uint64_t> log_acknowledged() const { return std::nullopt; }
};

}  // namespace simhadr
