#include "roles/primary.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <stdexcept>

#include "compress/codec.hpp"
#include "roles/simulated_io.hpp"
#include "simhadr/report/payload_text.hpp"
#include "simhadr/wire/flush_codec.hpp"

namespace simhadr {

Primary::Primary(PrimaryPlan plan, FlushSizeSource& flush_sizes, DiskModel& disk, Link& link,
                 Clock& clock, const StopSource& stop, RunLog& log,
                 std::span<const std::unique_ptr<AuxiliaryFeed>> auxiliaries)
    : plan_(std::move(plan)),
      link_(link),
      clock_(clock),
      stop_(stop),
      log_(log),
      trace_(log, rules_for(plan_.handshake.mode)),
      auxiliaries_(auxiliaries),
      pages_(make_page_source(plan_.settings.payload.value_or(PayloadSpec{}),
                              flush_sizes.max_pages())),
      intervals_(plan_.interval, plan_.on_interval, plan_.watch),
      cycle_(cycle_plan(plan_), flush_sizes, disk, result_, intervals_, *this),
      disk_sleeps_(disk.sleeps()),
      ledger_(expects_ack(plan_.handshake.mode)),
      shown_state_(cycle_.state()) {
  result_.settings = plan_.settings;
  for (const auto& auxiliary : auxiliaries_) {
    result_.auxiliaries.emplace_back().listed = auxiliary->listed();
  }
}

RoleOutcome Primary::run() {
  RoleOutcome outcome;
  const auto handshake = encode_handshake(plan_.handshake);
  if (plan_.settings.payload) {
    log_.line("{}", payload_line(*plan_.settings.payload));
    log_.blank();
  }
  log_.line("Sending handshake message:");
  log_.text(handshake_text(plan_.handshake));
  log_.blank();
  TransferEnd end = TransferEnd::Done;
  auto start = clock_.now();
  fail_on_peer_errors(outcome, [&] {
    end = link_.send_all(handshake, nullptr);
    if (end == TransferEnd::Done) log_.trace("{} bytes sent", handshake.size());
    if (end == TransferEnd::Done && plan_.handshake.asks_for_answer()) {
      end = confirm_standby_settings(outcome);
      if (outcome.reconnects() || outcome.end == RunEnd::Failed) return;
    }
    log_.line("Sending log flushes. Press Ctrl-C to stop.");
    log_.flush();
    for (const auto& auxiliary : auxiliaries_) auxiliary->start();
    if (follows_failures()) {
      // HADR's deadlines bound every wait on the standby now, and a lost one comes back.
      link_.set_stall_bound(Nanos{0});
      link_.set_wait_slice(kDeadlineSlice);
      link_.interrupt_when([this] { return interrupt_due(); });
    }
    start = clock_.now();
    run_start_ = start;
    intervals_.start(start);
    if (plan_.watch) plan_.watch->begin(start, kHandshakeBytes);
    end = ship_flushes(start);
    // Without acks a standby's refusal is only seen by a look: one more before the end.
    if (end == TransferEnd::Done && !expects_ack(plan_.handshake.mode)) end = look_at_standby();
  });
  const auto finished = clock_.now();
  cycle_.finish(finished);
  if (follows_failures() && outcome.end != RunEnd::Failed && end == TransferEnd::Done) {
    fail_on_peer_errors(outcome, [&] { await_catch_up(); });
  }
  // Stopped while it caught up, the standby ended the run.
  if (standby_stopped_ && end == TransferEnd::Done) end = TransferEnd::PeerClosed;
  link_.close();
  finish_auxiliaries(finished, outcome);
  say_if_payload_held_back();

  outcome.result = result_;
  if (!outcome.reconnects()) settle(end, outcome);
  return outcome;
}

// Files read more slowly than the link ships them set the run's rate while
// it waits: worth a line from 1% of the run (a short wait for the first
// chunk, when the reader has not read it by the first flush, is not).
void Primary::say_if_payload_held_back() {
  const Nanos waited = pages_->waited();
  if (result_.elapsed <= Nanos::zero() || waited * 100 < result_.elapsed) return;
  log_.line(
      "Payload: the run waited {:.6f} seconds for the files to be read ({:.1f}% of it): for that "
      "long their disk, not the link, set the rate.",
      to_seconds(waited), to_seconds(waited) / to_seconds(result_.elapsed) * 100);
}

TransferEnd Primary::ship_flushes(Clock::time_point start) {
  // Each action hands the next the time it ended: a flush reads the clock when it
  // begins, after its send and after its ack, and nothing else between two flushes does.
  auto now = start;
  auto next_look = start + kStopCheckSlice;
  if (stop_.requested()) return TransferEnd::Done;
  FlushAction action = cycle_.start(now);
  while (true) {
    const TransferEnd end = carry_out_flush(action, now);
    if (end != TransferEnd::Done || action.kind == FlushActionKind::Over) return end;
    intervals_.poll(now, result_);
    action = cycle_.next(now);
    if (action.kind == FlushActionKind::Over) return end;
    // A primary that gave up on its standby looks for its return at every flush.
    if (now >= next_look || standby_away_) {
      next_look = now + kStopCheckSlice;
      if (const TransferEnd looked = look_at_standby(); looked != TransferEnd::Done) return looked;
    }
    now = pace(action.until, now);
    action = cycle_.woke(now);
    if (stop_.requested()) return TransferEnd::Done;
  }
}

TransferEnd Primary::ship_first(Clock::time_point& now) {
  FlushAction action = cycle_.start(now);
  return carry_out_flush(action, now);
}

void Primary::settle(TransferEnd end, RoleOutcome& outcome) {
  if (outcome.end != RunEnd::Failed && end == TransferEnd::PeerClosed) {
    if (standby_stopped_) {
      // Stopping the standby stops the run: what was measured stands.
      log_.line("The standby said it was stopping (Ctrl-C or SIGTERM): it ended the run.");
      outcome.end = RunEnd::Interrupted;
      outcome.stopped_by = "the standby";
    } else if (standby_ended_run_) {
      outcome.fail(
          "the standby closed the connection without saying it was stopping: it was killed or it "
          "failed (SIGTERM kills the original simhadr's standby)");
    } else {
      outcome.fail("the standby closed the connection before the run ended");
    }
  }
  if (outcome.end == RunEnd::Failed) {
    if (link_.peer_speaks_tls()) {
      outcome.fail(
          "the standby speaks TLS (it was started with -tls) and refused this plain "
          "connection: start the primary with -tls too");
    }
    return;
  }
  if (end == TransferEnd::Stopped || stop_.requested()) outcome.end = RunEnd::Interrupted;
}

TransferEnd Primary::carry_out_flush(FlushAction& action, Clock::time_point& now) {
  while (true) {
    switch (action.kind) {
      case FlushActionKind::AwaitLog:
        sleep_watching(action.until, false);
        now = clock_.now();
        action = cycle_.woke(now);
        break;
      case FlushActionKind::Begin:
        begin_flush(action.pages);
        now = std::max(now, clock_.now());
        action = cycle_.begun(now);
        break;
      case FlushActionKind::StartIo:
        action = cycle_.io_started();
        break;
      case FlushActionKind::AwaitIo:
        now = await_io(action.until, now);
        action = cycle_.io_done(now);
        break;
      case FlushActionKind::Send: {
        const TransferEnd end = send_flush(action.pages, now);
        if (took_interrupt(end, action, now)) break;
        if (end != TransferEnd::Done) return end;
        action = cycle_.sent(now);
        break;
      }
      case FlushActionKind::AwaitAck: {
        const TransferEnd end = await_ack(now);
        if (took_interrupt(end, action, now)) break;
        if (end != TransferEnd::Done) return end;
        note_ack(now);
        action = cycle_.acked(now);
        // Acks of flushes shipped earlier come first (after a failure of the link).
        if (action.kind == FlushActionKind::Pending) action = {FlushActionKind::AwaitAck, now};
        break;
      }
      case FlushActionKind::Hold:
        action = hold_commits(action, now);
        break;
      case FlushActionKind::Queue:
        action = queue_flush(action.pages, now);
        break;
      case FlushActionKind::Flushed:
      case FlushActionKind::Over:
        return TransferEnd::Done;
      case FlushActionKind::Pace:
      case FlushActionKind::Pending:
        throw std::logic_error("the flush cycle asked the real primary to wait for nothing");
    }
  }
}

Clock::time_point Primary::await_io(Clock::time_point until, Clock::time_point now) {
  trace_.io(cycle_.pages(), cycle_.io_time());
  // A real write (-logDir) is over already: no sleep to take or to count.
  if (!disk_sleeps_) return std::max(now, clock_.now());
  if (cycle_.shipping_over()) {
    if (until <= now) return now;
    trace_.io_remaining(until - now);
  }
  return simulate_io_until(clock_, now, until, log_, result_.sleeps);
}

TransferEnd Primary::send_flush(std::uint32_t pages, Clock::time_point& now) {
  if (unsent_.empty()) {
    trace_.sending(pages);
    if (image_reused_) image_ = pages_->next_flush(pages);
    image_reused_ = false;
    unsent_ = image_;
    if (follows_failures() && !flush_in_ledger_) {
      ledger_.handed(pages);
      flush_in_ledger_ = true;
      cycle_.silent(now);
    }
  }
  const TransferEnd end = send_rest();
  if (end != TransferEnd::Done) return end;
  trace_.sent(image_.size());
  now = clock_.now();
  if (follows_failures()) tell_cycle_standby_has(now);
  return end;
}

TransferEnd Primary::send_rest() {
  if (link_broken_) return wait_for_interrupt();
  std::size_t sent = 0;
  try {
    const TransferEnd end = link_.send_all(unsent_, &result_, &sent);
    unsent_ = unsent_.subspan(sent);
    return end;
  } catch (const TransportError& error) {
    if (!follows_failures()) throw;
    unsent_ = {};
    return link_broke(error);
  }
}

bool Primary::took_interrupt(TransferEnd end, FlushAction& action, Clock::time_point& now) {
  if (end != TransferEnd::Interrupted) return false;
  const FlushAction next = after_interrupt(now);
  if (next.kind != FlushActionKind::Pending) action = next;
  return true;
}

void Primary::begin_flush(std::uint32_t pages) {
  // A database's log is in its buffer before the flush begins: making the
  // payload's bytes is not the flush's time, nor its shipping's.
  image_ = pages_->next_flush(pages);
  image_reused_ = false;
  flush_in_ledger_ = false;
  // Remote catch-up ends when the standby has all before the next flush is handed on.
  if (follows_failures() && catching_up()) look_after_standby(clock_.now());
}

void Primary::shipped(Nanos shipping) {
  trace_.shipping(shipping);
}

void Primary::flushed(std::uint32_t pages, Clock::time_point at) {
  if (plan_.watch) plan_.watch->log_written(result_.flushes.bytes, at);
  feed_auxiliaries(pages, at);
}

TransferEnd Primary::await_ack(Clock::time_point& now) {
  trace_.awaiting_ack();
  if (follows_failures()) cycle_.silent(now);
  std::array<char, kAckBytes>& ack = ack_;
  if (plan_.watch) plan_.watch->awaiting_ack(true, now);
  // An ack begun between flushes (drain_acks) is finished here.
  TransferEnd end = TransferEnd::Done;
  try {
    end = link_broken_ ? wait_for_interrupt()
                       : link_.recv_exact(std::span(ack).subspan(ack_bytes_), &result_);
  } catch (const TransportError& error) {
    if (!follows_failures()) throw;
    end = link_broke(error);
  }
  if (end == TransferEnd::Interrupted) return end;
  ack_bytes_ = 0;
  const auto acked = clock_.now();
  if (plan_.watch) plan_.watch->awaiting_ack(false, acked);
  // None of the ack came: a standby that has acked before ended the run between flushes.
  if (end == TransferEnd::PeerClosed) standby_ended_run_ = result_.ack_wait.calls > 0;
  if (end != TransferEnd::Done) return end;
  if (!is_ack(ack)) return TransferEnd::PeerClosed;
  link_.first_message_came();
  trace_.ack_received(ack.size());
  now = acked;
  return end;
}

// Between flushes a standby sends nothing: a look now and then sees one that
// ended the run (in ASYNC and SUPERASYNC nothing else would, and in any mode
// before a flush that follows a long pause), or a peer that is not a standby.
TransferEnd Primary::look_at_standby() {
  if (follows_failures()) {
    look_after_standby(clock_.now());
    if (standby_stopped_) return TransferEnd::PeerClosed;
    if (standby_away_ || link_broken_) return TransferEnd::Done;
    // Acks owed (remote catch-up ships without waiting for them) are what comes now.
    if (cycle_.acks_owed() > 0) return TransferEnd::Done;
  }
  switch (link_.look_at_peer()) {
    case PeerNews::Nothing:
      return TransferEnd::Done;
    case PeerNews::Closed:
      standby_ended_run_ = !expects_ack(plan_.handshake.mode) || result_.ack_wait.calls > 0;
      return TransferEnd::PeerClosed;
    case PeerNews::SentBytes:
      if (heard_stop_notice()) return TransferEnd::PeerClosed;
      fail_if_compressed_only(link_.last_dropped());
      throw ProtocolError(fmt::format(
          "the standby sent bytes between flushes in {}, where a standby sends none: is the peer "
          "a simhadr standby?",
          to_string(plan_.handshake.mode)));
  }
  return TransferEnd::Done;
}

bool Primary::heard_stop_notice() {
  const std::string_view dropped = link_.last_dropped();
  if (dropped.empty() || link_.last_dropped_total() > kStopNotice.size() ||
      !kStopNotice.starts_with(dropped)) {
    return false;
  }
  std::array<char, kAckBytes> notice{};
  std::ranges::copy(dropped, notice.begin());
  const std::span<char> rest = std::span(notice).subspan(dropped.size());
  return (rest.empty() || link_.recv_exact(rest, nullptr) == TransferEnd::Done) &&
         is_stop_notice(notice);
}

bool Primary::is_ack(std::span<const char> message) {
  const std::string_view text(message.data(), message.size());
  if (text == kAckMessage) return true;
  if (is_stop_notice(message)) return false;
  fail_if_compressed_only(text);
  throw ProtocolError("the standby's ack is not the 16 bytes \"ack message\" and NULs");
}

bool Primary::is_stop_notice(std::span<const char> message) {
  if (std::string_view(message.data(), message.size()) != kStopNotice) return false;
  standby_stopped_ = true;
  standby_ended_run_ = true;
  return true;
}

void Primary::feed_auxiliaries(std::uint32_t pages, Clock::time_point written_at) {
  for (std::size_t i = 0; i < auxiliaries_.size(); ++i) {
    result_.auxiliaries[i].lag = auxiliaries_[i]->written(pages, written_at);
  }
}

void Primary::finish_auxiliaries(Clock::time_point now, RoleOutcome& outcome) {
  for (std::size_t i = 0; i < auxiliaries_.size(); ++i) {
    AuxiliaryStream& stream = result_.auxiliaries[i];
    stream = auxiliaries_[i]->finish(now);
    if (!stream.failure.empty() && outcome.end != RunEnd::Failed) {
      outcome.fail(fmt::format("auxiliary standby {} ({}:{}): {}", i + 2, stream.listed.host,
                               stream.listed.port, stream.failure));
    }
  }
}

Clock::time_point Primary::pace(Clock::time_point resume, Clock::time_point now) {
  if (resume <= now) return now;
  // The pacer's schedule is absolute, so a late wake-up shortens the next wait: no spin.
  sleep_watching(resume, true);
  return clock_.now();
}

}  // namespace simhadr
