#include "virtual_time/simulation.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace simhadr {

namespace {

// Far more flushes than any pace puts at one instant (a log buffer's worth of
// one-page flushes is thousands).
constexpr std::uint64_t kMostFlushesAtOneInstant = 1'000'000;

}  // namespace

FlushCyclePlan VirtualSimulation::cycle_plan() const {
  FlushCyclePlan cycle = plan_.flush_cycle();
  if (plan_.settled) {
    cycle.settled = [this] {
      return plan_.settled({out_.primary.flushes.calls, out_.primary.flushes.bytes, now_,
                            flush_sizes_.commit_wait().value_or(CommitWait{}),
                            network_.in_flight()});
    };
  }
  return cycle;
}

void VirtualSimulation::carry_out(FlushAction action) {
  while (true) {
    switch (action.kind) {
      case FlushActionKind::Begin:
        standby_.expect_flush(pages_to_bytes(action.pages));
        action = cycle_.begun(time_at(now_));
        break;
      case FlushActionKind::StartIo:
        events_.at(action.until - Clock::time_point{}, Event::PrimaryIoDone);
        action = cycle_.io_started();
        break;
      case FlushActionKind::Send:
        // A send that ends at once carries out what follows it.
        watch_deadline();
        start_send(action.pages);
        return;
      case FlushActionKind::Queue:
        hand_over(action.pages);
        action = cycle_.queued();
        break;
      case FlushActionKind::Flushed:
        action = cycle_.next(time_at(now_));
        break;
      case FlushActionKind::Pace:
      case FlushActionKind::AwaitLog:
        events_.at(action.until - Clock::time_point{}, Event::FlushStart);
        return;
      case FlushActionKind::AwaitAck:
      case FlushActionKind::Hold:
        watch_deadline();
        return;
      case FlushActionKind::AwaitIo:
      case FlushActionKind::Pending:
        return;  // its event is on its way
      case FlushActionKind::Over:
        close(now_);
        return;
    }
  }
}

void VirtualSimulation::start_send(std::uint32_t pages) {
  hand_over(pages);
  if (unhanded_ == 0) pump();
}

void VirtualSimulation::hand_over(std::uint32_t pages) {
  const std::uint64_t bytes = pages_to_bytes(pages);
  if (thread_cpu_.sending(now_, bytes)) {
    unhanded_ += bytes;
    return;
  }
  network_.offer(bytes);
  if (!cycle_.awaits_send()) network_.pump(now_);
}

void VirtualSimulation::pump() {
  if (!network_.pump(now_) || unhanded_ > 0 || !cycle_.awaits_send()) return;
  carry_out(cycle_.sent(time_at(now_)));
}

void VirtualSimulation::watch_deadline() {
  const std::optional<Clock::time_point> at = cycle_.next_deadline();
  if (!at) return;
  const Nanos when = *at - Clock::time_point{};
  if (deadline_at_ && *deadline_at_ <= when && *deadline_at_ >= now_) return;
  deadline_at_ = when;
  events_.at(std::max(when, now_), Event::FailureDeadline);
}

void VirtualSimulation::link_down(Nanos at) {
  cycle_.silent(time_at(at));
  if (const StallEpisode* outage = link_watch_.outages()->at(at)) {
    events_.at(outage->end(), Event::LinkUp);
  }
  watch_deadline();
}

void VirtualSimulation::link_up(Nanos at) {
  if (const StallEpisode* next = link_watch_.outages()->begins_within(at, kForever)) {
    events_.at(next->start, Event::LinkDown);
  }
  standby_back(at);
}

void VirtualSimulation::standby_back(Nanos at) {
  const FlushAction action = cycle_.heard(time_at(at));
  for (const std::uint32_t pages : cycle_.take_backlog()) hand_over(pages);
  carry_out(action);
}

void VirtualSimulation::failure_deadline() {
  if (deadline_at_ && *deadline_at_ <= now_) deadline_at_.reset();
  carry_out(cycle_.deadline(time_at(now_)));
  watch_deadline();
  // Given up on over a link that carries (a slow standby, not an outage): the standby is still
  // there and connects again after a round trip, as Db2's does; an outage's end brings it back.
  const bool link_up = !link_watch_.outages() || !link_watch_.outages()->at(now_);
  const HadrState state = cycle_.state();
  const bool lost =
      state == HadrState::DisconnectedPeer || state == HadrState::RemoteCatchupPending;
  if (lost && link_up && !reconnect_pending_) {
    reconnect_pending_ = true;
    events_.at(now_ + 2 * network_model_.one_way_delay(), Event::Reconnect);
  }
}

void VirtualSimulation::reconnect() {
  reconnect_pending_ = false;
  const bool link_up = !link_watch_.outages() || !link_watch_.outages()->at(now_);
  if (link_up) standby_back(now_);
}

void VirtualSimulation::flushed(std::uint32_t pages, Clock::time_point at) {
  const Nanos written = at - Clock::time_point{};
  // A primary that nothing paces (its standby away, no -target, -logRate or
  // -disk) writes without end at one instant: end the run rather than memory.
  flushes_at_one_instant_ = written == last_flush_at_ ? flushes_at_one_instant_ + 1 : 0;
  last_flush_at_ = written;
  if (flushes_at_one_instant_ > kMostFlushesAtOneInstant) {
    throw std::runtime_error(fmt::format(
        "the modelled primary wrote {} flushes at {:.6f} s with no time passing: nothing paces "
        "its log while the standby is away; give -target, -logRate, -workload or -disk",
        flushes_at_one_instant_, to_seconds(written)));
  }
  link_watch_.written(out_.primary.flushes.bytes, written);
  for (std::size_t i = 0; i < auxiliaries_.size(); ++i) {
    out_.primary.auxiliaries[i].lag = auxiliaries_[i]->written(written, pages_to_bytes(pages));
  }
}

void VirtualSimulation::close(Nanos at) {
  for (const auto& auxiliary : auxiliaries_) auxiliary->finish_flush_in_flight();
  link_watch_.primary_ended(at);
  network_.sender_ended(at);
  cycle_.finish(time_at(at));
}

}  // namespace simhadr
