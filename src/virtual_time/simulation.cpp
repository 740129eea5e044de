#include "virtual_time/simulation.hpp"

#include <algorithm>
#include <stdexcept>

#include "simhadr/limits.hpp"
#include "simhadr/wire/flush_codec.hpp"

namespace simhadr {

namespace {

constexpr std::uint64_t kEventsBetweenStopChecks = 4096;

}  // namespace

VirtualSimulation::VirtualSimulation(const VirtualRunPlan& plan, FlushSizeSource& flush_sizes)
    : plan_(plan),
      flush_sizes_(flush_sizes),
      primary_disk_(make_disk_model(plan.disk, plan.disk_start)),
      standby_disk_(make_disk_model(plan.disk, plan.disk_start)),
      uplink_(plan.uplink ? std::optional<SharedUplink>(*plan.uplink) : std::nullopt),
      network_model_(plan.network, plan.window_bytes),
      link_watch_(outages_from(plan), plan.mode, plan.target),
      network_(network_model_, events_, out_.primary, 0, uplink_ ? &*uplink_ : nullptr,
               link_watch_.outages()),
      standby_(standby_plan(plan, flush_sizes), *standby_disk_, events_, out_.standby),
      primary_intervals_(plan.interval, plan.primary_intervals, link_watch_.outages()),
      standby_intervals_(plan.interval, plan.standby_intervals, link_watch_.outages()),
      thread_cpu_(plan.thread_cpu, events_),
      cycle_(cycle_plan(), flush_sizes, *primary_disk_, out_.primary, primary_intervals_, *this) {
  out_.primary.settings = virtual_side_settings(plan, Role::Primary, flush_sizes.max_pages());
  out_.standby.settings = virtual_side_settings(plan, Role::Standby, flush_sizes.max_pages());
  // Only a thread with work of its own (-tls, -tcpCost, -compress) has anything to do while the
  // wire carries its last flush; without, a send lasts until the wire has it, as with the real
  // run's shaper, and the pace is the same.
  if (plan.thread_cpu && plan.thread_cpu->sender(kPageBytes) > Nanos{0}) {
    network_.keep_ahead(pages_to_bytes(flush_sizes.max_pages()));
  }
  add_auxiliaries(flush_sizes);
}

void VirtualSimulation::add_auxiliaries(const FlushSizeSource& flush_sizes) {
  out_.auxiliary_standbys.resize(plan_.auxiliaries.size(), out_.standby);
  for (std::size_t i = 0; i < plan_.auxiliaries.size(); ++i) {
    RunResult& standby = out_.auxiliary_standbys[i];
    standby.settings.mode = SyncMode::SuperAsync;
    standby.settings.network = plan_.auxiliary_networks[i];
    VirtualAuxiliaryPlan auxiliary{static_cast<std::uint8_t>(i + 1), plan_.auxiliaries[i],
                                   plan_.auxiliary_networks[i],      plan_.window_bytes,
                                   standby_plan(plan_, flush_sizes), plan_.disk_start};
    auxiliary.standby.cycle.ack = rules_for(SyncMode::SuperAsync).standby_ack;
    auxiliary.standby.one_way_delay =
        from_seconds(plan_.auxiliary_networks[i].one_way_delay_seconds);
    auxiliaries_.push_back(std::make_unique<VirtualAuxiliary>(
        auxiliary, plan_.disk, events_, uplink_ ? &*uplink_ : nullptr, standby));
    out_.primary.auxiliaries.emplace_back().listed = plan_.auxiliaries[i];
  }
  caught_up_at_.resize(plan_.auxiliaries.size() + 1);
}

VirtualOutcome VirtualSimulation::run(const StopSource& stop) {
  primary_intervals_.start(clock_.now());
  standby_intervals_.start(clock_.now());
  if (const LinkOutages* outages = link_watch_.outages()) {
    if (const StallEpisode* first = outages->begins_within(Nanos{-1}, kForever)) {
      events_.at(first->start, Event::LinkDown);
    }
  }
  carry_out(cycle_.start(time_at(now_)));
  std::uint64_t handled = 0;
  // The principal standby's lines end as its run does, when it has caught up;
  // it may go on replaying while auxiliaries catch up, past its own end.
  bool standby_lines_ended = false;
  const auto end_standby_lines = [&](Nanos at) {
    if (standby_lines_ended) return;
    standby_intervals_.finish(Clock::time_point{} + at, out_.standby);
    standby_lines_ended = true;
  };
  while (!events_.empty()) {
    if (++handled % kEventsBetweenStopChecks == 0 && stop.requested()) {
      out_.interrupted = true;
      if (!cycle_.over()) close(now_);
      break;
    }
    const ScheduledEvent next = events_.pop();
    now_ = next.at;
    clock_.set(now_);
    handle(next);
    primary_intervals_.poll(clock_, out_.primary);
    if (!caught_up_at_[0]) standby_intervals_.poll(clock_, out_.standby);
    const bool over = cycle_.over() && everyone_caught_up();
    if (caught_up_at_[0]) end_standby_lines(*caught_up_at_[0]);
    if (over) break;
  }
  end_standby_lines(caught_up_at_[0].value_or(now_));
  standby_.finish(caught_up_at_[0].value_or(now_));
  link_watch_.finish(out_.primary, out_.standby);
  // The run may end as the standby takes the last of the log, before the primary hears of it.
  if (caught_up_at_[0]) cycle_.standby_has(network_.handed_over(), time_at(*caught_up_at_[0]));
  out_.primary.failure_record = cycle_.failure_record();
  for (std::size_t i = 0; i < auxiliaries_.size(); ++i) {
    out_.primary.auxiliaries[i] = auxiliaries_[i]->stream(out_.primary.elapsed);
    auxiliaries_[i]->standby().finish(caught_up_at_[i + 1].value_or(now_));
  }
  return out_;
}

std::optional<LinkOutages> VirtualSimulation::outages_from(const VirtualRunPlan& plan) {
  if (!plan.outages) return std::nullopt;
  // Outages every so often repeat over the planned run, or for a year of virtual time under -n.
  return LinkOutages(*plan.outages, plan.run_time,
                     plan.run_time.value_or(from_seconds(kMaxRunSeconds)));
}

VirtualStandbyPlan VirtualSimulation::standby_plan(const VirtualRunPlan& plan,
                                                   const FlushSizeSource& flush_sizes) const {
  return {plan.standby_cycle(plan.mode, plan.standby_buffer_pages(flush_sizes.max_pages())),
          network_model_.one_way_delay()};
}

bool VirtualSimulation::everyone_caught_up() {
  for (std::size_t i = 0; i < caught_up_at_.size(); ++i) {
    const bool caught_up =
        i == 0 ? standby_.caught_up(out_.primary.flushes.bytes) : auxiliaries_[i - 1]->caught_up();
    if (caught_up && !caught_up_at_[i]) caught_up_at_[i] = now_;
  }
  return std::ranges::all_of(caught_up_at_, [](const auto& at) { return at.has_value(); });
}

void VirtualSimulation::pump_auxiliary(std::size_t i) {
  out_.primary.auxiliaries[i].lag = auxiliaries_[i]->pump(now_);
}

void VirtualSimulation::uplink_turns() {
  while (const std::optional<std::uint8_t> stream = uplink_->next(now_)) {
    pump_stream(*stream);
    if (uplink_->next(now_) == stream) uplink_->leave(*stream);
  }
}

void VirtualSimulation::pump_stream(std::uint8_t stream) {
  if (stream == 0) {
    pump();
  } else {
    pump_auxiliary(stream - 1U);
  }
}

VirtualStandby& VirtualSimulation::standby_of(std::uint8_t stream) {
  return stream == 0 ? standby_ : auxiliaries_[stream - 1U]->standby();
}

void VirtualSimulation::window_open(std::uint8_t stream, std::uint64_t bytes) {
  if (stream == 0) {
    network_.window_open(bytes);
    link_watch_.acknowledged(bytes, now_);
    cycle_.standby_has(network_.handed_over() - network_.in_flight(), time_at(now_));
  } else {
    auxiliaries_[stream - 1U]->window_open(bytes);
  }
  pump_stream(stream);
}

void VirtualSimulation::handle(const ScheduledEvent& e) {
  if (link_watch_.defer(e, events_)) return;
  switch (e.event) {
    case Event::WindowOpen:
      window_open(e.stream, e.value);
      break;
    case Event::WireFree:
      pump_stream(e.stream);
      break;
    case Event::Arrival:
      if (!thread_cpu_.receiving(now_, e)) standby_of(e.stream).arrival(now_, e.value);
      break;
    case Event::ReceiverDone:
      standby_of(e.stream).arrival(now_, e.value);
      break;
    case Event::StandbyWriteDone:
      standby_of(e.stream).write_done(now_);
      break;
    case Event::ReplayDone:
      standby_of(e.stream).replay_done(now_);
      break;
    case Event::FlushStart:
      principal_only(e);
      carry_out(cycle_.woke(time_at(now_)));
      break;
    case Event::PrimaryIoDone:
      principal_only(e);
      carry_out(cycle_.io_done(time_at(now_)));
      break;
    case Event::AckArrival:
      principal_only(e);
      out_.primary.note_recv(kAckBytes);
      carry_out(cycle_.acked(time_at(now_)));
      break;
    case Event::UplinkFree:
      principal_only(e);
      uplink_turns();
      break;
    case Event::SenderDone:
      principal_only(e);
      unhanded_ -= e.value;
      network_.offer(e.value);
      pump();
      break;
    case Event::LinkDown:
      link_down(now_);
      break;
    case Event::LinkUp:
      link_up(now_);
      break;
    case Event::FailureDeadline:
      failure_deadline();
      break;
    case Event::Reconnect:
      reconnect();
      break;
  }
}

void VirtualSimulation::principal_only(const ScheduledEvent& e) {
  if (e.stream != 0) throw std::logic_error("a primary's event on an auxiliary's stream");
}

}  // namespace simhadr
