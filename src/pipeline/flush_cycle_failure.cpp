// FlushCycle through a failure of the link: the Send step in each HADR state,
// giving up on the standby, the peer window, its return and its catch-up.
#include "simhadr/pipeline/flush_cycle.hpp"
#include "simhadr/wire/flush_codec.hpp"

namespace simhadr {

std::optional<FlushAction> FlushCycle::ship() {
  if (flush_.sent) return std::nullopt;
  // Shipping starts once the send is asked for: at the write's end in SYNC.
  if (!flush_.asked && !flush_.held) flush_.ship_start = now_;
  if (states_.connected()) {
    if (!flush_.asked) {
      hand_to_link(flush_.pages);
      flush_.handed = true;
      flush_.awaits_ack = expects_ack(plan_.mode);
    }
    return ask(false, {FlushActionKind::Send, now_, flush_.pages});
  }
  if (states_.state() == HadrState::DisconnectedPeer) {
    flush_.held = true;
    return ask(false, {FlushActionKind::Hold, *run_start_ + *states_.window_end()});
  }
  // Out of peer state commits do not wait: the flush is shipped as far as it goes now.
  flush_.sent = true;
  flush_.shipped = now_;
  if (states_.state() == HadrState::RemoteCatchupPending) {
    backlog_.push_back(flush_.pages);
    return std::nullopt;
  }
  hand_to_link(flush_.pages);
  flush_.handed = true;
  return FlushAction{FlushActionKind::Queue, now_, flush_.pages};
}

void FlushCycle::hand_to_link(std::uint32_t pages) {
  handed_bytes_ += pages_to_bytes(pages);
  if (expects_ack(plan_.mode)) ++acks_owed_;
}

FlushAction FlushCycle::queued() {
  return advance();
}

bool FlushCycle::waiting_on_link() const {
  if (over_ || step_ >= steps_.size() || !flush_.asked || flush_.held) return false;
  return steps_[step_] == FlushStep::Send || steps_[step_] == FlushStep::AwaitAck;
}

std::optional<Clock::time_point> FlushCycle::next_deadline() const {
  if (!run_start_ || over_) return std::nullopt;
  if (const std::optional<Nanos> end = states_.window_end()) return *run_start_ + *end;
  const std::optional<Nanos> at = states_.gives_up_at(
      waiting_on_link() ? std::optional(since_start(flush_.ship_start)) : std::nullopt,
      silent_since_ ? std::optional(since_start(*silent_since_)) : std::nullopt);
  return at ? std::optional(*run_start_ + *at) : std::nullopt;
}

FlushAction FlushCycle::deadline(Clock::time_point now) {
  if (over_) return {};
  now_ = now;
  if (const std::optional<Nanos> end = states_.window_end(); end && since_start(now) >= *end) {
    states_.window_ended(since_start(now));
    return holding() ? release(now, StateCause::PeerWindow) : FlushAction{};
  }
  const std::optional<Clock::time_point> at = next_deadline();
  if (!at || now < *at) return {};
  const StateCause why = states_.why_given_up(
      since_start(now), silent_since_ ? std::optional(since_start(*silent_since_)) : std::nullopt);
  return give_up_now(now, why);
}

FlushAction FlushCycle::give_up_now(Clock::time_point now, StateCause why) {
  const bool waiting = waiting_on_link();
  const std::optional<Nanos> window_end = states_.lost(since_start(now), why);
  if (!waiting) return {};
  flush_.hold.detected_after = now - flush_.ship_start;
  flush_.hold.detected_by = why;
  flush_.hold.ended_by = why;
  if (window_end) {
    flush_.held = true;
    return {FlushActionKind::Hold, *run_start_ + *window_end, flush_.pages};
  }
  return release(now, why);
}

FlushAction FlushCycle::release(Clock::time_point now, StateCause why) {
  flush_.released = true;
  flush_.awaits_ack = false;
  flush_.shipped = now;
  flush_.hold.ended_by = why;
  // Pages already with the link go on there; a flush held before its send
  // takes the Send step again, in the state the primary is now in.
  if (flush_.handed) flush_.sent = true;
  flush_.asked = false;
  return advance();
}

FlushAction FlushCycle::heard(Clock::time_point now) {
  silent_since_.reset();
  const HadrState state = states_.state();
  if (state != HadrState::DisconnectedPeer && state != HadrState::RemoteCatchupPending) return {};
  // After the run's end too: the standby comes back and catches up with the log written.
  states_.standby_back(since_start(now));
  if (over_) return {};
  now_ = now;
  return holding() ? release(now, StateCause::StandbyBack) : FlushAction{};
}

std::vector<std::uint32_t> FlushCycle::take_backlog() {
  for (const std::uint32_t pages : backlog_) hand_to_link(pages);
  return std::exchange(backlog_, {});
}

void FlushCycle::standby_has(std::uint64_t bytes, Clock::time_point now) {
  standby_bytes_ = bytes;
  flush_sizes_.standby_has(bytes, now);
  check_caught_up(now);
}

void FlushCycle::check_caught_up(Clock::time_point now) {
  if (states_.connected() || states_.state() != HadrState::RemoteCatchup) return;
  if (!backlog_.empty() || standby_bytes_ < handed_bytes_) return;
  states_.caught_up(since_start(now));
}

FailureRecord FlushCycle::failure_record() const {
  FailureRecord record = failure_;
  record.changes = states_.changes();
  return record;
}

void FlushCycle::note_hold(Nanos shipping) {
  if (!states_.commits_wait()) return;
  flush_.hold.at = since_start(flush_.ship_start);
  flush_.hold.duration = shipping;
  failure_.note_hold(flush_.hold);
}

}  // namespace simhadr
