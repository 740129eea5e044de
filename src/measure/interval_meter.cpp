#include "simhadr/measure/interval_meter.hpp"

#include <algorithm>

namespace simhadr {

IntervalMeter::IntervalMeter(Nanos period, Clock::time_point start, const StallSource* stalls)
    : period_(period), stalls_(stalls), run_start_(start), next_end_(start + period) {}

void IntervalMeter::note_shipping(Nanos shipping) {
  ++shipped_;
  ship_total_ += shipping;
  ship_max_ = std::max(ship_max_, shipping);
}

std::optional<IntervalSample> IntervalMeter::poll(Clock::time_point now, const RunResult& totals) {
  if (now < next_end_) return std::nullopt;
  // A step that took several periods closes one long interval, not several empty ones.
  while (next_end_ <= now) next_end_ += period_;
  // A boundary met again at the instant the last interval closed opens none.
  if (now - run_start_ <= open_.start) return std::nullopt;
  return close(now, totals);
}

std::optional<IntervalSample> IntervalMeter::finish(Clock::time_point now,
                                                    const RunResult& totals) {
  if ((now - run_start_) - open_.start < period_ / 10) return std::nullopt;
  return close(now, totals);
}

IntervalSample IntervalMeter::close(Clock::time_point now, const RunResult& totals) {
  IntervalSample sample;
  sample.start = open_.start;
  sample.end = now - run_start_;
  sample.log_bytes = totals.flushes.bytes - open_.log_bytes;
  sample.flushes = totals.flushes.calls - open_.flushes;
  sample.congestions = totals.congestions.calls - open_.congestions;
  sample.congestion_time = totals.congestions.time - open_.congestion_time;
  if (stalls_) sample.stalled = stalls_->stalled_within(sample.start, sample.end);
  sample.shipped = shipped_;
  sample.ship_total = ship_total_;
  sample.ship_max = ship_max_;
  if (const std::optional<BufferUse>& use = totals.buffer_use) {
    // The level has not changed since the last note, so it holds until now. A
    // modelled standby may have noted its use past now: the average is over the
    // time the byte-seconds were counted for, not the interval's.
    BufferUse upto_now = *use;
    upto_now.note(sample.end, use->held_bytes);
    sample.buffer_used_fraction = upto_now.fraction(upto_now.byte_seconds - buffer_byte_seconds_,
                                                    upto_now.observed - buffer_observed_);
    buffer_observed_ = upto_now.observed;
    sample.buffer_full_time = upto_now.full_time - buffer_full_time_;
    buffer_byte_seconds_ = upto_now.byte_seconds;
    buffer_full_time_ = upto_now.full_time;
  }

  if (totals.spool) sample.spool_bytes = totals.spool->held_bytes;
  if (totals.takeover) sample.takeover_replay = totals.takeover->latest.replay;
  for (const AuxiliaryStream& auxiliary : totals.auxiliaries) {
    sample.auxiliary_lag_bytes.push_back(auxiliary.lag.bytes);
    sample.auxiliary_lag_age.push_back(auxiliary.lag.log_age);
  }

  open_.start = sample.end;
  open_.log_bytes = totals.flushes.bytes;
  open_.flushes = totals.flushes.calls;
  open_.congestions = totals.congestions.calls;
  open_.congestion_time = totals.congestions.time;
  shipped_ = 0;
  ship_total_ = Nanos{0};
  ship_max_ = Nanos{0};
  return sample;
}

}  // namespace simhadr
