#include "roles/primary.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "compress/codec.hpp"
#include "roles/simulated_io.hpp"
#include "simhadr/report/payload_text.hpp"
#include "simhadr/wire/flush_codec.hpp"

namespace simhadr {

Primary::Primary(PrimaryPlan plan, FlushSizeSource& flush_sizes, const DiskModel& disk, Link& link,
                 Clock& clock, const StopSource& stop, RunLog& log,
                 std::span<const std::unique_ptr<AuxiliaryFeed>> auxiliaries)
    : plan_(std::move(plan)),
      steps_(rules_for(plan_.handshake.mode)),
      flush_sizes_(flush_sizes),
      disk_(disk),
      link_(link),
      clock_(clock),
      stop_(stop),
      log_(log),
      trace_(log, rules_for(plan_.handshake.mode)),
      auxiliaries_(auxiliaries),
      pages_(make_page_source(plan_.settings.payload.value_or(PayloadSpec{}),
                              flush_sizes.max_pages())),
      pacing_(plan_.target),
      intervals_(plan_.interval, plan_.on_interval, plan_.watch) {
  result_.settings = plan_.settings;
  result_.target = pacing_.initial_stats();
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
    start = clock_.now();
    intervals_.start(start);
    if (plan_.watch) plan_.watch->begin(start, kHandshakeBytes);
    end = ship_flushes(start);
    // Without acks a standby's refusal is only seen by a look: one more before the end.
    if (end == TransferEnd::Done && !awaits_acks()) end = look_at_standby();
  });
  const auto finished = clock_.now();
  intervals_.finish(finished, result_);
  result_.elapsed = finished - start;
  result_.commit_wait = flush_sizes_.commit_wait();
  result_.workload = flush_sizes_.workload_steps();
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
  // Each step hands the next the time it ended: a flush reads the clock after its
  // send and after its ack, and nothing between two flushes needs another reading.
  auto now = start;
  auto next_look = start + kStopCheckSlice;
  while (!stop_.requested()) {
    const TransferEnd end = ship_one(now);
    intervals_.poll(now, result_);
    if (end != TransferEnd::Done || log_ended_) return end;
    if (plan_.limits().reached(result_.flushes.calls, now - start)) return end;
    if (now >= next_look) {
      next_look = now + kStopCheckSlice;
      if (const TransferEnd looked = look_at_standby(); looked != TransferEnd::Done) return looked;
    }
    now = pace(start, now);
  }
  return TransferEnd::Done;
}

void Primary::settle(TransferEnd end, RoleOutcome& outcome) {
  if (outcome.end != RunEnd::Failed && end == TransferEnd::PeerClosed) {
    if (standby_ended_run_) {
      // A standby stopped by a signal closes between flushes; so does one whose
      // process ended: neither breaks what was measured.
      log_.line("The standby closed the connection between flushes: it ended the run.");
      outcome.end = RunEnd::Interrupted;
      outcome.stopped_by = "the standby";
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

std::string Primary::what_was_asked() const {
  const bool settings = plan_.handshake.standby.any();
  const bool compress = plan_.handshake.compress.has_value();
  if (settings && compress) return "the standby* settings and -compress";
  return compress ? "-compress" : "the standby* settings";
}

void Primary::fail_if_compressed_only(std::string_view sent) const {
  if (sent != kCompressedOnly) return;
  throw TransportError(
      "the standby was started with -compress and refused this primary's uncompressed log: start "
      "the primary with -compress too, or the standby without it");
}

TransferEnd Primary::confirm_standby_settings(RoleOutcome& outcome) {
  std::array<char, kSettingsReplyBytes> reply{};
  TransferEnd end = TransferEnd::Done;
  try {
    end = link_.recv_exact(reply, nullptr);
  } catch (const ProtocolError& silent) {
    // The original's standby reads the handshake and waits for log: it never answers.
    throw ProtocolError(fmt::format("{} (the original simhadr's standby does not answer {})",
                                    silent.what(), what_was_asked()));
  } catch (const TransportError& reset) {
    // One that does not know a field may reset the connection instead.
    throw TransportError(fmt::format("{} (the original simhadr's standby does not know {})",
                                     reset.what(), what_was_asked()));
  }
  if (end == TransferEnd::Done) link_.first_message_came();
  if (end == TransferEnd::PeerClosed) {
    outcome.fail(fmt::format(
        "the standby closed the connection instead of answering {} (the original simhadr's "
        "standby does not know {})",
        what_was_asked(), plan_.handshake.standby.any() ? "them" : "it"));
  }
  if (end != TransferEnd::Done) return end;
  const std::string_view answer(reply.data(), reply.size());
  const std::optional<CompressionChoice>& compress = plan_.handshake.compress;
  fail_if_compressed_only(answer);
  if (answer == kSettingsNeedReconnect) {
    log_.line("The standby reconnects to apply the requested socket buffer sizes.");
    log_.blank();
    outcome.session = Session::Reconnect;
  } else if (answer == kSettingsApplied) {
    if (plan_.handshake.standby.any()) log_.line("The standby applied the requested settings.");
    if (compress) {
      plan_.compression->compress_sends(make_stream_compressor(*compress), *compress);
      log_.line("Compressing the log with {}; the standby restores it.",
                compression_choice_text(*compress));
    }
  } else if (answer == kSettingsNotCompressing && compress) {
    outcome.fail(fmt::format(
        "the standby was started without -compress: start it with -compress {} too, or this "
        "primary without it",
        compressor_name(compress->compressor)));
    outcome.session = Session::Aborted;
  } else if (answer == kSettingsOtherCodec && compress) {
    outcome.fail(fmt::format(
        "the standby was started with -compress of another codec than {}: give both sides the "
        "same codec",
        compressor_name(compress->compressor)));
    outcome.session = Session::Aborted;
  } else {
    throw ProtocolError(fmt::format(
        "the standby's answer to {} is none of those a standby of the open simhadr gives",
        what_was_asked()));
  }
  return end;
}

TransferEnd Primary::ship_one(Clock::time_point& now) {
  std::optional<FlushInFlight> flush = begin_flush(now);
  if (!flush) {
    log_ended_ = true;
    return TransferEnd::Done;
  }
  for (const FlushStep step : steps_.all()) {
    const TransferEnd end = take_step(step, *flush, now);
    if (end != TransferEnd::Done) return end;
  }
  return TransferEnd::Done;
}

std::optional<Primary::FlushInFlight> Primary::begin_flush(Clock::time_point now) {
  const std::optional<FlushRequest> request = flush_sizes_.next(now);
  if (!request) return std::nullopt;
  auto start = now;
  if (request->start > start) {
    // A workload-driven logger may have less than a page of log yet.
    clock_.sleep_until(request->start);
    start = clock_.now();
  }
  FlushInFlight flush;
  flush.pages = request->pages;
  flush.bytes = pages_to_bytes(flush.pages);
  flush.io_time = disk_.io_time(flush.bytes);
  // A database's log is in its buffer before the flush begins: making the
  // payload's bytes is not the flush's time, nor its shipping's.
  flush.image = pages_->next_flush(flush.pages);
  flush.start = std::max(start, clock_.now());
  return flush;
}

TransferEnd Primary::take_step(FlushStep step, FlushInFlight& flush, Clock::time_point& now) {
  switch (step) {
    case FlushStep::StartIo:
      flush.io_done = flush.start + flush.io_time;
      flush.ship_start = flush.start;
      return TransferEnd::Done;
    case FlushStep::AwaitIo:
      await_io(flush, now);
      return TransferEnd::Done;
    case FlushStep::Send:
      return send_flush(flush, now);
    case FlushStep::AwaitAck: {
      const TransferEnd end = await_ack(flush.shipped);
      now = flush.shipped;
      return end;
    }
    case FlushStep::Shipped: {
      const Nanos shipping = flush.shipped - flush.ship_start;
      trace_.shipping(shipping);
      result_.note_shipping(shipping);
      intervals_.note_shipping(shipping);
      flush.shipping_over = true;
      return TransferEnd::Done;
    }
    case FlushStep::Finish:
      finish_flush(flush);
      return TransferEnd::Done;
  }
  return TransferEnd::Done;
}

void Primary::await_io(FlushInFlight& flush, Clock::time_point& now) {
  trace_.io(flush.pages, flush.io_time);
  if (!flush.shipping_over) {
    flush.ship_start = simulate_io_until(clock_, flush.start, flush.io_done, log_, result_.sleeps);
    return;
  }
  const Nanos remaining = flush.io_done - flush.shipped;
  if (remaining <= Nanos{0}) return;
  trace_.io_remaining(remaining);
  now = simulate_io_until(clock_, flush.shipped, flush.io_done, log_, result_.sleeps);
}

TransferEnd Primary::send_flush(FlushInFlight& flush, Clock::time_point& now) {
  trace_.sending(flush.pages);
  const TransferEnd end = link_.send_all(flush.image, &result_);
  if (end != TransferEnd::Done) return end;
  trace_.sent(flush.bytes);
  // Without an ack, shipping ends with the send.
  flush.shipped = clock_.now();
  result_.send_phase.add(flush.bytes, flush.shipped - flush.ship_start);
  now = flush.shipped;
  return end;
}

void Primary::finish_flush(const FlushInFlight& flush) {
  result_.note_flush(flush.bytes, flush.io_time,
                     flush_sizes_.varies() ? std::optional(flush.pages) : std::nullopt);
  // Both the IO and the shipping are over: the later of the two.
  const auto flushed = std::max(flush.shipped, flush.io_done);
  if (plan_.watch) plan_.watch->log_written(result_.flushes.bytes, flushed);
  flush_sizes_.flushed(flushed);
  feed_auxiliaries(flush.pages, flushed);
}

TransferEnd Primary::await_ack(Clock::time_point& shipped) {
  trace_.awaiting_ack();
  std::array<char, kAckBytes> ack{};
  if (plan_.watch) plan_.watch->awaiting_ack(true, shipped);
  const TransferEnd end = link_.recv_exact(ack, &result_);
  const auto acked = clock_.now();
  if (plan_.watch) plan_.watch->awaiting_ack(false, acked);
  // None of the ack came: a standby that has acked before ended the run between flushes.
  if (end == TransferEnd::PeerClosed) standby_ended_run_ = result_.ack_wait.calls > 0;
  if (end != TransferEnd::Done) return end;
  fail_if_compressed_only({ack.data(), ack.size()});
  if (std::string_view(ack.data(), ack.size()) != kAckMessage) {
    throw ProtocolError("the standby's ack is not the 16 bytes \"ack message\" and NULs");
  }
  link_.first_message_came();
  trace_.ack_received(ack.size());
  result_.ack_wait.add(kAckBytes, acked - shipped);
  shipped = acked;
  return end;
}

bool Primary::awaits_acks() const {
  return rules_for(plan_.handshake.mode).standby_ack != AckPoint::None;
}

// Between flushes a standby sends nothing: a look now and then sees one that
// ended the run (in ASYNC and SUPERASYNC nothing else would, and in any mode
// before a flush that follows a long pause), or a peer that is not a standby.
TransferEnd Primary::look_at_standby() {
  switch (link_.look_at_peer()) {
    case PeerNews::Nothing:
      return TransferEnd::Done;
    case PeerNews::Closed:
      standby_ended_run_ = !awaits_acks() || result_.ack_wait.calls > 0;
      return TransferEnd::PeerClosed;
    case PeerNews::SentBytes:
      fail_if_compressed_only(link_.last_dropped());
      throw ProtocolError(fmt::format(
          "the standby sent bytes between flushes in {}, where a standby sends none: is the peer "
          "a simhadr standby?",
          to_string(plan_.handshake.mode)));
  }
  return TransferEnd::Done;
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

Clock::time_point Primary::pace(Clock::time_point start, Clock::time_point now) {
  const auto resume = pacing_.resume_at(start, result_.flushes.bytes, now);
  if (resume <= now) return now;
  // The pacer's schedule is absolute, so a late wake-up shortens the next wait: no spin.
  clock_.sleep_about_until(resume);
  const auto woke = clock_.now();
  result_.target->idle += woke - now;
  return woke;
}

}  // namespace simhadr
