// The real primary through a failure of its standby's link, with a renewal
// (the handshake carried a resume token): it keeps HADR's deadlines, holds
// commits in disconnected peer, drops the connection when it gives up on the
// standby, and takes the standby back when it connects again, shipping what
// it lacks (remote catch-up) until it is in peer again.
#include <fmt/format.h>

#include "roles/primary.hpp"
#include "simhadr/report/failure_report.hpp"
#include "simhadr/wire/protocol_error.hpp"
#include "simhadr/wire/resume.hpp"

namespace simhadr {

namespace {

bool standby_away_in(HadrState state) {
  return state == HadrState::DisconnectedPeer || state == HadrState::RemoteCatchupPending;
}

}  // namespace

bool Primary::interrupt_due() {
  const std::optional<Clock::time_point> at = cycle_.next_deadline();
  if (at && clock_.now() >= *at) return true;
  return plan_.renewal->knocking();
}

FlushAction Primary::after_interrupt(Clock::time_point& now) {
  now = clock_.now();
  if (plan_.renewal->knocking()) {
    if (const std::optional<FlushAction> back = take_standby_back(now)) return *back;
  }
  const std::optional<Clock::time_point> at = cycle_.next_deadline();
  if (!at || now < *at) return {};
  const FlushAction next = cycle_.deadline(now);
  follow_state();
  return next;
}

FlushAction Primary::hold_commits(const FlushAction& hold, Clock::time_point& now) {
  while (!stop_.requested()) {
    now = clock_.now();
    if (plan_.renewal->knocking()) {
      const std::optional<FlushAction> back = take_standby_back(now);
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
    const TransferEnd end = send_rest();
    if (end != TransferEnd::Interrupted) break;
    // A deadline may give up on the standby; one back on a new connection has the flush resent.
    after_interrupt(now);
  }
  unsent_ = {};
  now = clock_.now();
  if (!standby_away_) {
    cycle_.heard(now);
    tell_cycle_standby_has(now);
    drain_acks(now);
  }
  return cycle_.queued();
}

std::optional<FlushAction> Primary::take_standby_back(Clock::time_point now) {
  Link* candidate = plan_.renewal->candidate(Nanos{0});
  if (!candidate) return std::nullopt;
  ResumeRequest request;
  try {
    std::array<char, kResumeRequestBytes> message{};
    if (candidate->recv_exact(message, nullptr) != TransferEnd::Done) {
      plan_.renewal->drop();
      return std::nullopt;
    }
    request = decode_resume(message);
    if (request.token != *plan_.handshake.resume) {
      throw ProtocolError("its resume token is another run's");
    }
    // A standby that lacks nothing, owed no ack, on a connection the primary has not given up
    // on, was only waiting for log: it stays where it is.
    const bool stays = !standby_away_ && request.received >= ledger_.handed_bytes() &&
                       cycle_.acks_owed() == 0 && unsent_.empty();
    if (candidate->send_all(stays ? kResumeStay : kResumeTaken, nullptr) != TransferEnd::Done ||
        stays) {
      plan_.renewal->drop();
      return std::nullopt;
    }
  } catch (const std::exception& error) {
    log_.line("Closed a new connection that is not this run's standby coming back: {}",
              error.what());
    plan_.renewal->drop();
    return std::nullopt;
  }
  plan_.renewal->adopt(request.received, kResumeAnswerBytes, plan_.handshake.compress);
  standby_away_ = false;
  unsent_ = {};
  ack_bytes_ = 0;
  log_.line(
      "The standby is back on a new connection at {:.3f} s with {} bytes of log; shipping "
      "what it lacks.",
      to_seconds(now - run_start_), request.received);
  log_.flush();
  ResendLedger::Resume resume = ledger_.resume_from(request.received);
  FlushAction action{};
  for (std::uint32_t i = 0; i < resume.settled; ++i) {
    const FlushAction acked = cycle_.acked(now);
    if (acked.kind != FlushActionKind::Pending) action = acked;
  }
  if (const FlushAction back = cycle_.heard(now); back.kind != FlushActionKind::Pending) {
    action = back;
  }
  const bool all_sent = ship_what_standby_lacks(std::move(resume.resend));
  const auto shipped = clock_.now();
  if (all_sent && cycle_.awaits_send()) action = cycle_.sent(shipped);
  if (all_sent) tell_cycle_standby_has(shipped);
  return action;
}

bool Primary::ship_what_standby_lacks(std::vector<std::uint32_t> resend) {
  for (const std::uint32_t pages : cycle_.take_backlog()) {
    ledger_.handed(pages);
    resend.push_back(pages);
  }
  if (resend.empty()) return true;
  image_reused_ = true;
  for (const std::uint32_t pages : resend) {
    unsent_ = pages_->next_flush(pages);
    if (send_rest() != TransferEnd::Done) {
      unsent_ = {};
      return false;
    }
  }
  return true;
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
    plan_.renewal->abandon();
    standby_away_ = true;
    unsent_ = {};
    ack_bytes_ = 0;
  }
}

bool Primary::drain_acks(Clock::time_point now) {
  while (cycle_.acks_owed() > 0 && !standby_away_) {
    const IoStep step = link_.recv_available(std::span(ack_).subspan(ack_bytes_), {}, result_);
    if (step.bytes == 0) return step.would_block;
    ack_bytes_ += step.bytes;
    if (ack_bytes_ < kAckBytes) continue;
    ack_bytes_ = 0;
    if (std::string_view(ack_.data(), ack_.size()) != kAckMessage) {
      throw ProtocolError("the standby's ack is not the 16 bytes \"ack message\" and NULs");
    }
    note_ack(now);
    cycle_.acked(now);
  }
  return true;
}

void Primary::await_catch_up() {
  const bool acked = expects_ack(plan_.handshake.mode);
  // SUPERASYNC's remote catch-up is where it ships: it has none to end.
  const auto catching_up = [&] {
    return cycle_.state() == HadrState::RemoteCatchup &&
           plan_.handshake.mode != SyncMode::SuperAsync && !standby_away_ && !stop_.requested();
  };
  const auto progress = [&] {
    return acked ? ledger_.confirmed_bytes() : plan_.watch->log_acknowledged().value_or(0);
  };
  if (!acked && !plan_.watch) return;
  auto heard = clock_.now();
  std::uint64_t had = progress();
  while (catching_up()) {
    bool readable = false;
    if (acked) {
      readable = link_.wait_readable(kStopCheckSlice);
    } else {
      clock_.sleep_about_until(clock_.now() + kDeadlineSlice);
    }
    const auto now = clock_.now();
    if (readable && !drain_acks(now)) break;
    tell_cycle_standby_has(now);
    if (progress() > had) {
      had = progress();
      heard = now;
    }
    if (now - heard >= plan_.hadr_timeout) break;
  }
  result_.failure_record = cycle_.failure_record();
}

void Primary::note_ack(Clock::time_point now) {
  if (!follows_failures()) return;
  ledger_.acked();
  cycle_.heard(now);
  tell_cycle_standby_has(now);
}

void Primary::tell_cycle_standby_has(Clock::time_point now) {
  if (expects_ack(plan_.handshake.mode)) {
    cycle_.standby_has(ledger_.confirmed_bytes(), now);
  } else {
    // Without acks, what the standby's TCP acknowledged; where that is not the log's
    // bytes (compressed, or shaped in this process) or not known, what was sent.
    std::uint64_t has = ledger_.handed_bytes() - unsent_.size();
    const bool tcp_counts_log = plan_.watch && !plan_.compression && !plan_.settings.network;
    if (tcp_counts_log) has = std::min(has, plan_.watch->log_acknowledged().value_or(0));
    cycle_.standby_has(has, now);
  }
  follow_state();
}

}  // namespace simhadr
