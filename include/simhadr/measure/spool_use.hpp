#pragma once
// -spoolLimit: what the standby spooled. A written flush that awaits replay
// while the receive buffer is full moves to the spool (the log files it was
// written to), giving its buffer space back; replay reads it from there.
// Times are since the start of the run.
#include <algorithm>
#include <cstdint>
#include <optional>

#include "simhadr/config.hpp"
#include "simhadr/units.hpp"

namespace simhadr {

struct SpoolUse {
  explicit SpoolUse(std::uint64_t limit) : limit_pages(limit) {}

  std::uint64_t limit_pages = 0;  // kUnlimitedSpool: no limit
  std::uint64_t flushes = 0;      // moved to the spool
  std::uint64_t bytes = 0;
  std::uint64_t held_bytes = 0;  // now
  std::uint64_t max_bytes = 0;
  Nanos time_in_use{};  // with anything in the spool

  bool has_room_for(std::uint64_t more_bytes) const {
    return limit_pages == kUnlimitedSpool || held_bytes + more_bytes <= pages_to_bytes(limit_pages);
  }
  void spooled(Nanos at, std::uint64_t flush_bytes) {
    if (held_bytes == 0) in_use_since_ = at;
    ++flushes;
    bytes += flush_bytes;
    held_bytes += flush_bytes;
    max_bytes = std::max(max_bytes, held_bytes);
  }
  void replayed(Nanos at, std::uint64_t flush_bytes) {
    held_bytes -= flush_bytes;
    if (held_bytes == 0) close(at);
  }
  // The end of the run: a spool still in use counts up to now.
  void finish(Nanos at) {
    if (held_bytes > 0) close(at);
  }

 private:
  std::optional<Nanos> in_use_since_;
  void close(Nanos at) {
    if (in_use_since_) time_in_use += at - *in_use_since_;
    in_use_since_.reset();
  }
};

}  // namespace simhadr
