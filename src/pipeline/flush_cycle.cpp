#include "simhadr/pipeline/flush_cycle.hpp"

#include <algorithm>
#include <stdexcept>

#include "simhadr/wire/flush_codec.hpp"

namespace simhadr {

FlushCycle::FlushCycle(FlushCyclePlan plan, FlushSizeSource& flush_sizes, DiskModel& disk,
                       RunResult& result, IntervalReporter& intervals, FlushObserver& observer)
    : plan_(std::move(plan)),
      steps_(rules_for(plan_.mode)),
      flush_sizes_(flush_sizes),
      disk_(disk),
      result_(result),
      intervals_(intervals),
      observer_(observer),
      pacing_(plan_.target),
      states_(plan_.mode, plan_.failure) {
  result_.target = pacing_.initial_stats();
  failure_.commits_wait = states_.commits_wait();
  shipped_step_ = static_cast<std::size_t>(std::ranges::find(steps_.all(), FlushStep::Shipped) -
                                           steps_.all().begin());
}

FlushAction FlushCycle::start(Clock::time_point now) {
  run_start_ = now;
  return request_flush(now);
}

FlushAction FlushCycle::request_flush(Clock::time_point now) {
  now_ = now;
  waiting_ = flush_sizes_.next(now);
  if (!waiting_) return close();
  // A workload-driven logger may have less than a page of log yet.
  if (waiting_->start > now) return {FlushActionKind::AwaitLog, waiting_->start, waiting_->pages};
  return {FlushActionKind::Begin, now, waiting_->pages};
}

FlushAction FlushCycle::begun(Clock::time_point now) {
  now_ = now;
  flush_ = {};
  flush_.pages = waiting_->pages;
  flush_.io_time = disk_.io_time(now.time_since_epoch(), pages_to_bytes(flush_.pages));
  flush_.start = now;
  waiting_.reset();
  step_ = 0;
  return advance();
}

FlushAction FlushCycle::io_started() {
  flush_.io_started = true;
  return advance();
}

FlushAction FlushCycle::io_done(Clock::time_point now) {
  now_ = now;
  flush_.io_done = true;
  return advance();
}

FlushAction FlushCycle::sent(Clock::time_point now) {
  now_ = now;
  // A send the primary gave up on may still return: its flush has gone on.
  if (flush_.released || flush_.held) return {};
  flush_.sent = true;
  flush_.shipped = now;
  result_.send_phase.add(pages_to_bytes(flush_.pages), now - flush_.ship_start);
  return advance();
}

FlushAction FlushCycle::acked(Clock::time_point now) {
  now_ = now;
  if (acks_owed_ > 0) --acks_owed_;
  // Acks of flushes shipped out of peer state, or of one given up on, are owed
  // before the flush under way's.
  if (acks_owed_ > 0 || !flush_.awaits_ack || flush_.held) {
    check_caught_up(now);
    return {};
  }
  flush_.awaits_ack = false;
  flush_.acked = true;
  result_.ack_wait.add(kAckBytes, now - flush_.shipped);
  flush_.shipped = now;
  return advance();
}

FlushAction FlushCycle::next(Clock::time_point now) {
  now_ = now;
  if (plan_.limits.reached(result_.flushes.calls, now - *run_start_)) return close();
  if (plan_.settled && plan_.settled()) return close();
  pace_from_ = now;
  pacing_now_ = true;
  return {FlushActionKind::Pace, pacing_.resume_at(*run_start_, result_.flushes.bytes, now)};
}

FlushAction FlushCycle::woke(Clock::time_point now) {
  if (!pacing_now_) {
    now_ = now;
    return {FlushActionKind::Begin, now, waiting_->pages};
  }
  pacing_now_ = false;
  if (result_.target) result_.target->idle += now - pace_from_;
  return request_flush(now);
}

void FlushCycle::finish(Clock::time_point now) {
  over_ = true;
  result_.failure_record = failure_record();
  result_.elapsed = run_start_ ? now - *run_start_ : Nanos{0};
  result_.commit_wait = flush_sizes_.commit_wait();
  result_.workload = flush_sizes_.workload_steps();
  intervals_.finish(now, result_);
}

FlushAction FlushCycle::close() {
  over_ = true;
  return {FlushActionKind::Over, now_};
}

FlushAction FlushCycle::advance() {
  while (step_ < steps_.size()) {
    if (const std::optional<FlushAction> action = take(steps_[step_])) return *action;
    ++step_;
    flush_.asked = false;
  }
  throw std::logic_error("a flush cycle was told of an end after its flush was done");
}

std::optional<FlushAction> FlushCycle::ask(bool ended, FlushAction action) {
  if (ended) return std::nullopt;
  if (flush_.asked) return FlushAction{};
  flush_.asked = true;
  return action;
}

std::optional<FlushAction> FlushCycle::take(FlushStep step) {
  switch (step) {
    case FlushStep::StartIo:
      if (!flush_.asked) flush_.io_done_at = flush_.start + flush_.io_time;
      return ask(flush_.io_started, {FlushActionKind::StartIo, flush_.io_done_at});
    case FlushStep::AwaitIo:
      return ask(flush_.io_done, {FlushActionKind::AwaitIo, flush_.io_done_at});
    case FlushStep::Send:
      return ship();
    case FlushStep::AwaitAck:
      if (!flush_.awaits_ack) return std::nullopt;
      return ask(flush_.acked, {FlushActionKind::AwaitAck, now_});
    case FlushStep::Shipped: {
      const Nanos shipping = flush_.shipped - flush_.ship_start;
      note_hold(shipping);
      result_.note_shipping(shipping);
      intervals_.note_shipping(shipping);
      observer_.shipped(shipping);
      return std::nullopt;
    }
    case FlushStep::Finish:
      return finish_flush();
  }
  return std::nullopt;
}

FlushAction FlushCycle::finish_flush() {
  const std::uint64_t bytes = pages_to_bytes(flush_.pages);
  result_.note_flush(bytes, flush_.io_time,
                     flush_sizes_.varies() ? std::optional(flush_.pages) : std::nullopt);
  // Both the write and the shipping are over: the later of the two.
  const Clock::time_point flushed = std::max(flush_.shipped, flush_.io_done_at);
  flush_sizes_.flushed(flushed, states_.connected() && !flush_.released);
  observer_.flushed(flush_.pages, flushed);
  step_ = steps_.size();
  return {FlushActionKind::Flushed, now_};
}

}  // namespace simhadr
