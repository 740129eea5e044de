#include "roles/standby.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "roles/simulated_io.hpp"
#include "simhadr/config.hpp"
#include "simhadr/limits.hpp"
#include "simhadr/page_aligned_buffer.hpp"
#include "simhadr/pipeline/standby_buffer.hpp"
#include "simhadr/wire/flush_codec.hpp"
#include "simhadr/wire/handshake.hpp"

namespace simhadr {

Standby::Standby(StandbyPlan plan, DiskModel& disk, Link& link, Clock& clock,
                 const StopSource& stop, RunLog& log)
    : plan_(plan),
      disk_(disk),
      link_(link),
      clock_(clock),
      stop_(stop),
      log_(log),
      intervals_(plan_.interval, plan_.on_interval, plan_.watch) {
  result_.settings = plan_.settings;
  result_.settings.role = Role::Standby;
}

RoleOutcome Standby::run() {
  RoleOutcome outcome;
  std::optional<Clock::time_point> start;
  fail_on_peer_errors(outcome, [&] {
    const std::optional<HandshakeParams> params = receive_handshake(outcome);
    if (!params) return;
    if (!agree_on_compression(*params, outcome)) return;
    if (params->asks_for_answer() && !take_requested_settings(*params, outcome)) return;
    result_.settings.mode = params->mode;
    result_.settings.flush_pages = params->flush_pages;
    acked_ = expects_ack(params->mode);
    std::optional<ReceiveBuffer> ring = make_receive_buffer(*params, outcome);
    if (!ring) return;
    ReceiveBuffer& buffer = *ring;
    if (plan_.replay_delay > Nanos{0} && params->mode != SyncMode::SuperAsync) {
      outcome.fail(fmt::format(
          "-replayDelay is for SUPERASYNC, as Db2's HADR_REPLAY_DELAY is; the primary ships {}",
          to_string(params->mode)));
      return;
    }
    cycle_.emplace(plan_.standby_cycle(params->mode, result_.settings.receive_buffer_pages), disk_,
                   result_);
    prepare_resume(*params);
    start = clock_.now();
    start_ = *start;
    last_heard_ = *start;
    intervals_.start(*start);
    if (plan_.watch) plan_.watch->begin(*start, 0);
    outcome.end = receive_until_gone(buffer);
  });
  if (start) {
    const auto finished = clock_.now();
    cycle_->finish(since_start(finished));
    intervals_.finish(finished, result_);
  }
  // Stopped here, this side ends the run: it says so, so that its primary tells
  // this from a kill, and closes between flushes; the primary ends there too.
  if (start && outcome.end == RunEnd::Interrupted) {
    say_stopping();
    link_.close_and_drain(kStopGrace);
  }
  outcome.result = result_;
  return outcome;
}

std::optional<ReceiveBuffer> Standby::make_receive_buffer(const HandshakeParams& params,
                                                          RoleOutcome& outcome) {
  const std::uint32_t buffer_pages =
      standby_buffer_pages(params.standby.buffer_pages, plan_.buffer_pages, params.flush_pages);
  if (buffer_pages < params.flush_pages) {
    outcome.fail(fmt::format(
        "the primary's flushes of {} pages do not fit -hadrBufSize {}; give at least {}",
        params.flush_pages, buffer_pages, params.flush_pages));
    return std::nullopt;
  }
  std::optional<ReceiveBuffer> ring;
  try {
    ring.emplace(buffer_pages, params.flush_pages);
  } catch (const OutOfMemory& error) {
    outcome.fail(fmt::format("-hadrBufSize {} pages is more than this host can give: {}",
                             buffer_pages, error.what()));
    return std::nullopt;
  }
  result_.settings.receive_buffer_pages = buffer_pages;
  log_.line("Standby receive buffer size {} pages ({} bytes)", buffer_pages,
            pages_to_bytes(buffer_pages));
  log_.line("Receiving log flushes. Press Ctrl-C on primary to stop.");
  log_.flush();
  return ring;
}

RunEnd Standby::receive_flushes(ReceiveBuffer& buffer) {
  const std::function<void(std::uint32_t)> on_flush = [this](std::uint32_t pages) {
    on_flush_received(pages);
  };
  // The last receive emptied the socket, or ended a flush the primary waits to have
  // acknowledged before it sends more (SYNC, NEARSYNC), and no time has passed
  // since: the next one that does not wait would find nothing, so it is not made.
  bool drained = false;
  while (!stop_.requested()) {
    if (link_broken_) regain_primary(buffer, "an ack could not be sent");
    intervals_.poll(clock_, result_);
    if (cycle_->replay_modelled()) {
      free_replayed(buffer);
      spool_if_full(buffer);
    }
    // With no flush to write and no replay to end, waiting for the primary is all there
    // is to do: one call waits in the kernel and receives (the original selects, then
    // receives, so two). It takes no more than the rest of the flush under way, which
    // is all an ack needs: a receive that streams on would hold a stream's length of
    // the ring, where one that ends at a flush's end lets the next flush land at the
    // ring's start again, in the cache (with 256-page flushes the ring is 4 MiB).
    const bool only_receiving = !cycle_->may_write() && !cycle_->next_replay_end();
    const ReceiveBuffer::FreeSpace free = buffer.free_spaces();
    const ReceiveBuffer::FreeSpace space =
        only_receiving ? free.at_most(buffer.rest_of_flush_bytes()) : free;
    if (space.size() > 0 && (only_receiving || !drained)) {
      const std::optional<IoStep> received = receive(buffer, space, only_receiving);
      if (!received) continue;
      const IoStep& step = *received;
      drained = step.bytes < space.size();
      if (step.bytes > 0) {
        last_heard_ = clock_.now();
        log_.trace("{} bytes received", step.bytes);
        cycle_->took_in(step.bytes, since_start(clock_.now()));
        buffer.commit(step.bytes, on_flush);
        if (acked_ && buffer.bytes_after_last_flush() == 0) drained = true;
        continue;
      }
      if (!step.would_block) return end_of_stream(buffer);
      if (only_receiving) {
        // A slice went by: look at the stop, the interval and, if silent long, the primary.
        if (resumes()) probe_if_silent(buffer);
        continue;
      }
    }
    if (cycle_->may_write()) {
      // Whatever arrived during a modelled write is there to receive at once.
      if (write_flush(buffer, true) > Nanos{0}) drained = false;
      continue;
    }
    drained = false;
    wait_for_data_or_replay(space.size() > 0);
  }
  return RunEnd::Interrupted;
}

RunEnd Standby::end_of_stream(ReceiveBuffer& buffer) {
  log_.line("Zero byte received. Remote end closed connection.");
  while (cycle_->may_write()) write_flush(buffer, false);
  if (const std::uint64_t cut = buffer.bytes_after_last_flush(); cut > 0) {
    throw TransportError(fmt::format(
        "the primary closed the connection in the middle of a flush ({} bytes of it arrived)",
        cut));
  }
  return RunEnd::Completed;
}

void Standby::wait_for_data_or_replay(bool has_room) {
  const std::optional<Nanos> replay_end = cycle_->next_replay_end();
  if (!has_room && replay_end) {
    // Full of flushes still being replayed: nothing can be received before one ends.
    clock_.sleep_until(start_ + *replay_end);
  } else if (replay_end) {
    // Wake for the next replay's end too, so its pages are freed on time.
    link_.wait_readable(std::max(start_ + *replay_end - clock_.now(), Nanos{0}));
  } else {
    link_.wait_readable();
  }
}

void Standby::free_replayed(ReceiveBuffer& buffer) {
  const std::optional<Nanos> replay_end = cycle_->next_replay_end();
  if (!replay_end) return;
  const Nanos now = since_start(clock_.now());
  if (*replay_end > now) return;
  buffer.free_written(cycle_->take_replayed(now));
}

void Standby::spool_if_full(ReceiveBuffer& buffer) {
  if (cycle_->room_bytes() > 0) return;
  const std::uint32_t pages = cycle_->make_room(since_start(clock_.now()));
  if (pages == 0) return;
  log_.trace("Spooled {} pages awaiting replay.", pages);
  buffer.free_written(pages);
}

void Standby::on_flush_received(std::uint32_t pages) {
  log_.trace("A flush of {} pages has been received.", pages);
  whole_flush_bytes_ += pages_to_bytes(pages);
  ++flushes_received_;
  send_acks(cycle_->flush_received(pages));
}

Nanos Standby::write_flush(ReceiveBuffer& buffer, bool may_ack) {
  const auto write_start = clock_.now();
  const StandbyWrite write = cycle_->start_write(since_start(write_start));
  log_.trace("Writing {} pages. Write time = {:.6f} second.", write.pages,
             to_seconds(write.io_time));
  // A real write (-logDir) is over already: no sleep to take or to count.
  const auto written_at = disk_.sleeps()
                              ? simulate_io_until(clock_, write_start, write_start + write.io_time,
                                                  log_, result_.sleeps)
                              : clock_.now();
  buffer.mark_written(write.pages);
  const StandbyWriteDone done = cycle_->write_done(since_start(written_at));
  buffer.free_written(done.freed_pages);
  if (may_ack) send_acks(done.acks);
  return write.io_time;
}

void Standby::send_acks(std::uint32_t acks) {
  const std::uint64_t skipped = std::min<std::uint64_t>(acks, acks_to_skip_);
  acks_to_skip_ -= skipped;
  acks_sent_ += skipped;
  for (std::uint64_t i = skipped; i < acks && !link_broken_; ++i) {
    ++acks_sent_;
    log_.trace("Sending ack message.");
    try {
      if (link_.send_all(kAckMessage, &result_) == TransferEnd::Done) {
        log_.trace("{} bytes sent", kAckBytes);
      } else {
        ack_cut_ = true;
      }
    } catch (const TransportError&) {
      // The acks this connection could not carry, the primary settles from the log we have.
      if (!resumes()) throw;
      link_broken_ = true;
    }
  }
}

void Standby::say_stopping() {
  // After part of an ack the primary would misread it; a broken connection carries nothing.
  if (ack_cut_ || link_broken_) return;
  try {
    if (link_.send_all(kStopNotice, nullptr) == TransferEnd::Done) {
      log_.trace("Told the primary this standby is stopping.");
    }
  } catch (const TransportError&) {
    // A primary already gone needs no notice.
  }
}

}  // namespace simhadr
