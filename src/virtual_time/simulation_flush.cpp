#include "virtual_time/simulation.hpp"

namespace simhadr {

void VirtualSimulation::flush_start() {
  switch (phase_) {
    case Phase::Flushing:
      start_flush();
      break;
    case Phase::WaitingForLog:
      begin_flush();
      break;
    case Phase::Closed:
      break;
  }
}

void VirtualSimulation::start_flush() {
  const std::optional<FlushRequest> request = flush_sizes_.next(VirtualClock::time_point{} + now_);
  if (!request) {
    close(now_);
    return;
  }
  flush_pages_ = request->pages;
  const Nanos start = request->start - VirtualClock::time_point{};
  if (start > now_) {
    // A logger waiting for a page of log: the flush begins when it is there.
    phase_ = Phase::WaitingForLog;
    events_.at(start, Event::FlushStart);
    return;
  }
  begin_flush();
}

void VirtualSimulation::begin_flush() {
  phase_ = Phase::Flushing;
  io_time_ = disk_->io_time(flush_bytes());
  so_far_ = {};
  step_ = 0;
  standby_.expect_flush(flush_bytes());
  take_steps();
}

void VirtualSimulation::take_steps() {
  // A send that completes at once comes back here from within its own step.
  if (taking_steps_) return;
  taking_steps_ = true;
  while (step_ < steps_.size() && take_step(steps_[step_])) ++step_;
  taking_steps_ = false;
}

bool VirtualSimulation::take_step(FlushStep step) {
  switch (step) {
    case FlushStep::StartIo:
      events_.at(now_ + io_time_, Event::PrimaryIoDone);
      return true;
    case FlushStep::AwaitIo:
      return so_far_.io_done;
    case FlushStep::Send:
      if (!so_far_.send_started) start_send();
      return so_far_.sent;
    case FlushStep::AwaitAck:
      return so_far_.acked;
    case FlushStep::Shipped:
      shipped();
      return true;
    case FlushStep::Finish:
      finish_flush();
      return true;
  }
  return true;
}

void VirtualSimulation::start_send() {
  so_far_.send_started = true;
  ship_start_ = now_;
  if (thread_cpu_.sending(now_, flush_bytes())) {
    unhanded_ = flush_bytes();
    return;
  }
  network_.offer(flush_bytes());
  pump();
}

void VirtualSimulation::pump() {
  if (!network_.pump(now_) || unhanded_ > 0) return;
  sent_at_ = now_;
  out_.primary.send_phase.add(flush_bytes(), now_ - ship_start_);
  so_far_.sent = true;
  take_steps();
}

void VirtualSimulation::shipped() {
  const Nanos shipping = now_ - ship_start_;
  out_.primary.note_shipping(shipping);
  primary_intervals_.note_shipping(shipping);
}

void VirtualSimulation::finish_flush() {
  out_.primary.note_flush(flush_bytes(), io_time_,
                          flush_sizes_.varies() ? std::optional(flush_pages_) : std::nullopt);
  flush_sizes_.flushed(VirtualClock::time_point{} + now_);
  link_watch_.written(out_.primary.flushes.bytes, now_);
  for (std::size_t i = 0; i < auxiliaries_.size(); ++i) {
    out_.primary.auxiliaries[i].lag = auxiliaries_[i]->written(now_, flush_bytes());
  }
  if (limits_reached()) {
    close(now_);
    return;
  }
  const Nanos resume =
      pacing_.resume_at({}, out_.primary.flushes.bytes, Clock::time_point{} + now_) -
      Clock::time_point{};
  if (out_.primary.target) out_.primary.target->idle += resume - now_;
  events_.at(resume, Event::FlushStart);
}

bool VirtualSimulation::limits_reached() const {
  if (plan_.limits().reached(out_.primary.flushes.calls, now_)) return true;
  return plan_.settled &&
         plan_.settled({out_.primary.flushes.calls, out_.primary.flushes.bytes, now_,
                        flush_sizes_.commit_wait().value_or(CommitWait{}), network_.in_flight()});
}

void VirtualSimulation::close(Nanos at) {
  phase_ = Phase::Closed;
  for (const auto& auxiliary : auxiliaries_) auxiliary->finish_flush_in_flight();
  out_.primary.elapsed = at;
  out_.primary.commit_wait = flush_sizes_.commit_wait();
  out_.primary.workload = flush_sizes_.workload_steps();
  primary_intervals_.finish(clock_.now(), out_.primary);
}

}  // namespace simhadr
