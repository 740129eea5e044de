#include "simhadr/measure/log_gap_meter.hpp"

#include <algorithm>
#include <utility>

namespace simhadr {

void LogGapMeter::written(std::uint64_t total, Nanos at, bool in_flushes) {
  if (total <= written_) return;
  if (in_flushes) largest_write_ = std::max(largest_write_, total - written_);
  ledger_.written(total - written_, at);
  written_ = total;
  gap_.written_bytes = total;
}

void LogGapMeter::acknowledged(std::uint64_t total, Nanos at) {
  total = std::min(total, written_);
  const bool progressed = total > acknowledged_;
  if (progressed) {
    acknowledged_ = total;
    ledger_.progress(acknowledged_, 0);
  }
  check(at);
  if (progressed) gap_at_last_progress_ = written_ - acknowledged_;
}

void LogGapMeter::stall_ended(Nanos at) {
  // A flush in hand is no gap to catch up on.
  catching_up_ = CatchingUp{at, gap_at_last_progress_ + largest_write_, ledger_.lag(at).bytes};
  caught_up_.reset();
  if (!gap_.catch_up) gap_.catch_up = Nanos{0};
  gap_.caught_up = false;
}

// The widest gap, with its age then: the two figures of one moment.
StandbyLag LogGapMeter::note_worst(Nanos at) {
  const StandbyLag lag = ledger_.lag(at);
  // As wide a gap, held longer, is the worse: a flush whose ack an outage held.
  if (lag.bytes > gap_.worst_bytes ||
      (lag.bytes == gap_.worst_bytes && lag.bytes > 0 && lag.log_age > gap_.worst_age)) {
    gap_.worst_bytes = lag.bytes;
    gap_.worst_age = lag.log_age;
    gap_.worst_at = at;
  }
  return lag;
}

void LogGapMeter::check(Nanos at) {
  const StandbyLag lag = note_worst(at);
  if (!catching_up_ && caught_up_ && lag.bytes > caught_up_->back_to) {
    catching_up_ = std::exchange(caught_up_, std::nullopt);
    gap_.caught_up = false;
  }
  if (!catching_up_) return;
  const Nanos catching = at - catching_up_->since;
  if (lag.bytes <= catching_up_->back_to) {
    gap_.catch_up = std::max(*gap_.catch_up, catching);
    gap_.caught_up = true;
    gap_.behind_bytes = 0;
    gap_.closing_bytes_per_sec = 0;
    caught_up_ = std::exchange(catching_up_, std::nullopt);
    return;
  }
  gap_.catch_up = std::max(*gap_.catch_up, catching);
  gap_.behind_bytes = lag.bytes - catching_up_->back_to;
  const double closed = static_cast<double>(catching_up_->from) - static_cast<double>(lag.bytes);
  gap_.closing_bytes_per_sec =
      catching > Nanos{0} ? std::max(0.0, closed) / to_seconds(catching) : 0;
}

}  // namespace simhadr
