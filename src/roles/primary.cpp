#include "roles/primary.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "roles/simulated_io.hpp"

namespace simhadr {

Primary::Primary(PrimaryPlan plan, FlushSizeSource& flush_sizes, const DiskModel& disk, Link& link,
                 Clock& clock, const StopSource& stop, RunLog& log,
                 std::span<const std::unique_ptr<AuxiliaryFeed>> auxiliaries)
    : plan_(std::move(plan)),
      rules_(rules_for(plan_.handshake.mode)),
      flush_sizes_(flush_sizes),
      disk_(disk),
      link_(link),
      clock_(clock),
      stop_(stop),
      log_(log),
      auxiliaries_(auxiliaries),
      flush_image_(flush_sizes.max_pages()),
      intervals_(plan_.interval, plan_.on_interval, plan_.watch) {
  if (plan_.target_mbytes_per_sec) pacer_.emplace(*plan_.target_mbytes_per_sec);
  result_.role = Role::Primary;
  result_.mode = plan_.handshake.mode;
  result_.flush_pages = plan_.handshake.flush_pages;
  result_.disk_model = plan_.disk;
  result_.network = plan_.network;
  result_.network_window = plan_.network_window;
  if (pacer_) result_.target = TargetStats{pacer_->mbytes_per_sec(), Nanos{0}};
  for (const auto& auxiliary : auxiliaries_) {
    result_.auxiliaries.emplace_back().listed = auxiliary->listed();
  }
}

RoleOutcome Primary::run() {
  RoleOutcome outcome;
  const auto handshake = encode_handshake(plan_.handshake);
  log_.line("Sending handshake message:");
  log_.text(handshake_text(plan_.handshake));
  log_.blank();
  TransferEnd end = TransferEnd::Done;
  auto start = clock_.now();
  fail_on_peer_errors(outcome, [&] {
    end = link_.send_all(handshake, nullptr);
    if (end == TransferEnd::Done) log_.trace("{} bytes sent", handshake.size());
    if (end == TransferEnd::Done && plan_.handshake.standby.any()) {
      end = confirm_standby_settings(outcome);
      if (outcome.reconnects() || outcome.end == RunEnd::Failed) return;
    }
    log_.line("Sending log flushes. Press Ctrl-C to stop.");
    log_.flush();
    for (const auto& auxiliary : auxiliaries_) auxiliary->start();
    start = clock_.now();
    intervals_.start(start);
    if (plan_.watch) plan_.watch->begin(start, kHandshakeBytes);
    // Each step hands the next the time it ended: a flush reads the clock after its
    // send and after its ack, and nothing between two flushes needs another reading.
    auto now = start;
    while (end == TransferEnd::Done && !stop_.requested()) {
      end = ship_one(now);
      intervals_.poll(now, result_);
      if (end != TransferEnd::Done || limits_reached(start, now) || log_ended_) break;
      now = pace(start, now);
    }
  });
  const auto finished = clock_.now();
  intervals_.finish(finished, result_);
  result_.elapsed = finished - start;
  result_.commit_wait = flush_sizes_.commit_wait();
  result_.workload = flush_sizes_.workload_steps();
  link_.close();
  finish_auxiliaries(finished, outcome);

  outcome.result = result_;
  if (outcome.end == RunEnd::Failed || outcome.reconnects()) return outcome;
  if (end == TransferEnd::PeerClosed) {
    outcome.fail("the standby closed the connection before the run ended");
  } else if (end == TransferEnd::Stopped || stop_.requested()) {
    outcome.end = RunEnd::Interrupted;
  }
  return outcome;
}

TransferEnd Primary::confirm_standby_settings(RoleOutcome& outcome) {
  std::array<char, kSettingsReplyBytes> reply{};
  const TransferEnd end = link_.recv_exact(reply, nullptr);
  if (end == TransferEnd::PeerClosed) {
    outcome.fail(
        "the standby closed the connection instead of answering the standby* settings (they "
        "need a standby of the open simhadr)");
  }
  if (end != TransferEnd::Done) return end;
  const std::string_view answer(reply.data(), reply.size());
  if (answer == kSettingsNeedReconnect) {
    log_.line("The standby reconnects to apply the requested socket buffer sizes.");
    log_.blank();
    outcome.session = Session::Reconnect;
  } else if (answer == kSettingsApplied) {
    log_.line("The standby applied the requested settings.");
  } else {
    throw ProtocolError(
        "the standby's answer to the standby* settings is neither of the two "
        "it may be (they need a standby of the open simhadr)");
  }
  return end;
}

TransferEnd Primary::ship_one(Clock::time_point& now) {
  auto start = now;
  const FlushRequest request = flush_sizes_.next(start);
  if (request.pages == 0) {
    log_ended_ = true;
    return TransferEnd::Done;
  }
  if (request.start > start) {
    // A workload-driven logger may have less than a page of log yet.
    clock_.sleep_until(request.start);
    start = clock_.now();
  }
  const std::uint32_t pages = request.pages;
  const std::uint64_t bytes = pages_to_bytes(pages);
  const Nanos io_time = disk_.io_time(bytes);
  const char* io_verb = rules_.primary_reads ? "Reading" : "Writing";
  const auto io_done = start + io_time;

  auto ship_start = start;
  if (rules_.io_before_send) {
    log_.trace("{} {} pages. Write time = {:.6f} second.", io_verb, pages, to_seconds(io_time));
    ship_start = simulate_io_until(clock_, start, io_done, log_);
  }

  log_.trace("Sending {} pages", pages);
  TransferEnd end = link_.send_all(flush_image_.flush(pages), &result_);
  if (end != TransferEnd::Done) return end;
  log_.trace("{} bytes sent", bytes);
  // Without an ack, shipping ends with the send.
  auto shipped = clock_.now();
  result_.send_phase.add(bytes, shipped - ship_start);
  now = shipped;
  if (rules_.standby_ack != AckPoint::None) {
    end = await_ack(shipped);
    if (end != TransferEnd::Done) return end;
    now = shipped;
  }
  const Nanos shipping = shipped - ship_start;
  log_.trace("Log shipping took {:.6f} seconds.", to_seconds(shipping));
  result_.note_shipping(shipping);
  intervals_.note_shipping(shipping);

  if (!rules_.io_before_send) {
    log_.trace("{} {} pages. Write time = {:.6f} second.", io_verb, pages, to_seconds(io_time));
    const Nanos remaining = io_done - shipped;
    if (remaining > Nanos{0}) {
      log_.trace("Simulating write: Sleeping for {:.6f} more seconds.", to_seconds(remaining));
      now = simulate_io_until(clock_, shipped, io_done, log_);
    }
  }

  result_.note_flush(bytes, io_time, flush_sizes_.varies() ? std::optional(pages) : std::nullopt);
  // Both the IO and the shipping are over: the later of the two.
  const auto flushed = std::max(shipped, io_done);
  if (plan_.watch) plan_.watch->log_written(result_.flushes.bytes, flushed);
  flush_sizes_.flushed(flushed);
  feed_auxiliaries(pages, flushed);
  return TransferEnd::Done;
}

TransferEnd Primary::await_ack(Clock::time_point& shipped) {
  log_.trace("Receiving ack message.");
  std::array<char, kAckBytes> ack{};
  if (plan_.watch) plan_.watch->awaiting_ack(true, shipped);
  const TransferEnd end = link_.recv_exact(ack, &result_);
  const auto acked = clock_.now();
  if (plan_.watch) plan_.watch->awaiting_ack(false, acked);
  if (end != TransferEnd::Done) return end;
  if (std::string_view(ack.data(), ack.size()) != kAckMessage) {
    throw ProtocolError("the standby's ack is not the 16 bytes \"ack message\" and NULs");
  }
  log_.trace("{} bytes received", ack.size());
  result_.ack_wait.add(kAckBytes, acked - shipped);
  shipped = acked;
  return end;
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

bool Primary::limits_reached(Clock::time_point start, Clock::time_point now) const {
  if (plan_.max_flushes && result_.flushes.calls >= *plan_.max_flushes) return true;
  return plan_.run_time && now - start >= *plan_.run_time;
}

Clock::time_point Primary::pace(Clock::time_point start, Clock::time_point now) {
  if (!pacer_) return now;
  const auto resume = pacer_->resume_at(start, result_.flushes.bytes);
  if (resume <= now) return now;
  // The pacer's schedule is absolute, so a late wake-up shortens the next wait: no spin.
  clock_.sleep_about_until(resume);
  const auto woke = clock_.now();
  result_.target->idle += woke - now;
  return woke;
}

}  // namespace simhadr
