// The real primary through a failure of its standby's link, with a renewal
// (the handshake carried a resume token): it keeps HADR's deadlines, holds
// commits in disconnected peer, drops the connection when it gives up on the
// standby, goes on alone, and once the standby is back (primary_resume.cpp)
// reads its acks in remote catch-up until it is in peer again.
#include <fmt/format.h>

#include "roles/primary.hpp"
#include "simhadr/report/failure_report.hpp"
#include "simhadr/wire/protocol_error.hpp"

namespace simhadr {

namespace {

bool standby_away_in(HadrState state) {
  return state == HadrState::DisconnectedPeer || state == HadrState::RemoteCatchupPending;
}

// How often a sleeping primary looks for its standby's return and its acks.
constexpr Nanos kWatchSlice = std::chrono::milliseconds(50);

}  // namespace

bool Primary::interrupt_due() {
  if (resending_) return false;
  const std::optional<Clock::time_point> at = cycle_.next_deadline();
  if (at && clock_.now() >= *at) return true;
  return plan_.renewal->knocking();
}

FlushAction Primary::after_interrupt(Clock::time_point& now) {
  now = clock_.now();
  if (plan_.renewal->knocking()) {
    if (const std::optional<FlushAction> back = take_standby_back(now, true)) return *back;
  }
  const std::optional<Clock::time_point> at = cycle_.next_deadline();
  if (!at || now < *at) return {};
  const FlushAction next = cycle_.deadline(now);
  follow_state();
  return next;
}

TransferEnd Primary::link_broke(const TransportError& error) {
  note_link_broken(error);
  return wait_for_interrupt();
}

void Primary::note_link_broken(const TransportError& error) {
  if (!link_broken_ && !standby_away_) {
    log_.line(
        "The connection to the standby broke at {:.3f} s ({}); HADR's deadlines or its "
        "return come next.",
        to_seconds(clock_.now() - run_start_), error.what());
    log_.flush();
    plan_.renewal->abandon();
  }
  link_broken_ = true;
  ack_bytes_ = 0;
}

TransferEnd Primary::wait_for_interrupt() {
  while (!stop_.requested()) {
    if (interrupt_due()) return TransferEnd::Interrupted;
    clock_.sleep_about_until(clock_.now() + kDeadlineSlice);
  }
  return TransferEnd::Stopped;
}

void Primary::sleep_watching(Clock::time_point until, bool about) {
  while (follows_failures() && clock_.now() + kWatchSlice < until && !stop_.requested() &&
         !standby_stopped_) {
    clock_.sleep_about_until(clock_.now() + kWatchSlice);
    look_after_standby(clock_.now());
  }
  if (standby_stopped_) return;
  if (about) {
    clock_.sleep_about_until(until);
  } else {
    clock_.sleep_until(until);
  }
}

void Primary::look_after_standby(Clock::time_point now) {
  // Not in a wait on the link: a standby that knocks has only been without log a while.
  if (plan_.renewal->knocking()) take_standby_back(now, false);
  if (standby_away_ || link_broken_ || !catching_up()) return;
  try {
    if (!drain_acks(now)) note_link_broken(TransportError("the standby closed the connection"));
  } catch (const TransportError& error) {
    note_link_broken(error);
  }
  tell_cycle_standby_has(now);
}

FlushAction Primary::hold_commits(const FlushAction& hold, Clock::time_point& now) {
  while (!stop_.requested()) {
    now = clock_.now();
    if (plan_.renewal->knocking()) {
      const std::optional<FlushAction> back = take_standby_back(now, true);
      if (back && back->kind != FlushActionKind::Pending) return *back;
    }
    if (now >= hold.until) {
      const FlushAction next = cycle_.deadline(now);
      follow_state();
      return next;
    }
    clock_.sleep_about_until(std::min(hold.until, now + kDeadlineSlice));
  }
  return {FlushActionKind::Over, now};
}

FlushAction Primary::queue_flush(std::uint32_t pages, Clock::time_point& now) {
  if (image_reused_) image_ = pages_->next_flush(pages);
  image_reused_ = false;
  unsent_ = image_;
  ledger_.handed(pages);
  cycle_.silent(now);
  while (!unsent_.empty() && !standby_away_) {
    if (send_rest() != TransferEnd::Interrupted) break;
    // A deadline may give up on the standby; one back on a new connection has the flush resent.
    after_interrupt(now);
  }
  unsent_ = {};
  now = clock_.now();
  if (!standby_away_ && !link_broken_) {
    cycle_.heard(now);
    look_after_standby(now);
  }
  return cycle_.queued();
}

void Primary::follow_state() {
  const HadrState state = cycle_.state();
  if (state == shown_state_) return;
  shown_state_ = state;
  const FailureRecord record = cycle_.failure_record();
  for (; changes_shown_ < record.changes.size(); ++changes_shown_) {
    log_.line("{}", state_change_text(record.changes[changes_shown_], result_.settings));
  }
  log_.flush();
  if (standby_away_in(state) && !standby_away_) {
    if (!link_broken_) plan_.renewal->abandon();
    standby_away_ = true;
    link_broken_ = false;
    unsent_ = {};
    ack_bytes_ = 0;
  }
}

bool Primary::drain_acks(Clock::time_point now) {
  while (cycle_.acks_owed() > 0 && !standby_away_ && !link_broken_ && !standby_stopped_) {
    const IoStep step = link_.recv_available(std::span(ack_).subspan(ack_bytes_), {}, result_);
    if (step.bytes == 0) return step.would_block;
    ack_bytes_ += step.bytes;
    if (ack_bytes_ < kAckBytes) continue;
    ack_bytes_ = 0;
    if (!is_ack(ack_)) return true;
    note_ack(now);
    cycle_.acked(now);
  }
  return true;
}

void Primary::note_ack(Clock::time_point now) {
  if (!follows_failures()) return;
  ledger_.acked();
  cycle_.heard(now);
  tell_cycle_standby_has(now);
}

void Primary::tell_cycle_standby_has(Clock::time_point now) {
  // Only remote catch-up asks how much the standby has (to end it): in peer, no
  // work per flush and per ack.
  if (!catching_up()) return follow_state();
  if (expects_ack(plan_.handshake.mode)) {
    cycle_.standby_has(ledger_.confirmed_bytes(), now);
  } else {
    // Without acks, what the standby's TCP acknowledged where that counts the log's
    // bytes (not compressed, encrypted or shaped in this process); else what was sent.
    std::uint64_t has = ledger_.handed_bytes() - unsent_.size();
    if (plan_.tcp_counts_log && plan_.watch) {
      has = std::min(has, plan_.watch->log_acknowledged().value_or(0));
    }
    cycle_.standby_has(has, now);
  }
  follow_state();
}

void Primary::await_catch_up() {
  const bool acked = expects_ack(plan_.handshake.mode);
  const auto progress = [&] {
    return acked ? ledger_.confirmed_bytes() : plan_.watch->log_acknowledged().value_or(0);
  };
  if (!acked && !plan_.watch) return;
  auto heard = clock_.now();
  std::uint64_t had = progress();
  while (catching_up() && !standby_away_ && !link_broken_ && !standby_stopped_ &&
         !stop_.requested()) {
    if (acked) {
      link_.wait_readable(kStopCheckSlice);
    } else {
      clock_.sleep_about_until(clock_.now() + kDeadlineSlice);
    }
    const auto now = clock_.now();
    look_after_standby(now);
    if (progress() > had) {
      had = progress();
      heard = now;
    }
    if (now - heard >= plan_.hadr_timeout) break;
  }
  result_.failure_record = cycle_.failure_record();
}

}  // namespace simhadr
