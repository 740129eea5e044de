#include "virtual_time/virtual_run.hpp"

#include <algorithm>

#include "simhadr/limits.hpp"
#include "simhadr/models/target_pacer.hpp"
#include "simhadr/wire/flush_codec.hpp"
#include "virtual_time/virtual_network.hpp"
#include "virtual_time/virtual_standby.hpp"

namespace simhadr {

namespace {

// Virtual time: the clock the interval reporters read.
class VirtualClock final : public Clock {
 public:
  time_point now() const override { return time_point{} + now_; }
  void sleep_until(time_point) override {}
  void set(Nanos t) { now_ = t; }

 private:
  Nanos now_{};
};

constexpr std::uint64_t kEventsBetweenStopChecks = 4096;

class Simulation {
 public:
  Simulation(const VirtualRunPlan& plan, FlushSizeSource& flush_sizes)
      : plan_(plan),
        rules_(rules_for(plan.mode)),
        flush_sizes_(flush_sizes),
        disk_(make_disk_model(plan.disk)),
        network_model_(plan.network, plan.window_bytes),
        network_(network_model_, events_, out_.primary),
        standby_(standby_plan(plan, flush_sizes), *disk_, events_, out_.standby),
        primary_intervals_(plan.interval, plan.primary_intervals),
        standby_intervals_(plan.interval, plan.standby_intervals) {
    if (plan.target_mbytes_per_sec) pacer_.emplace(*plan.target_mbytes_per_sec);
    for (RunResult* side : {&out_.primary, &out_.standby}) {
      side->mode = plan.mode;
      side->flush_pages = flush_sizes.max_pages();
      side->disk_model = plan.disk;
      side->modelled = true;
      side->network = plan.network;
      side->network_window = plan.window_bytes;
    }
    out_.primary.role = Role::Primary;
    out_.standby.role = Role::Standby;
    if (pacer_) out_.primary.target = TargetStats{pacer_->mbytes_per_sec(), Nanos{0}};
  }

  VirtualOutcome run(const StopSource& stop) {
    primary_intervals_.start(clock_.now());
    standby_intervals_.start(clock_.now());
    events_.at(Nanos{0}, Event::FlushStart);
    std::uint64_t handled = 0;
    while (!events_.empty()) {
      if (++handled % kEventsBetweenStopChecks == 0 && stop.requested()) {
        out_.interrupted = true;
        if (!closed_) close(now_);
        break;
      }
      const ScheduledEvent next = events_.pop();
      now_ = next.at;
      clock_.set(now_);
      handle(next);
      primary_intervals_.poll(clock_, out_.primary);
      standby_intervals_.poll(clock_, out_.standby);
      if (closed_ && standby_.caught_up(out_.primary.flushes.bytes)) break;
    }
    standby_intervals_.finish(clock_.now(), out_.standby);
    out_.standby.elapsed = now_;
    out_.standby.buffer_use->note(now_, out_.standby.buffer_use->held_bytes);
    if (out_.standby.spool) out_.standby.spool->finish(now_);
    return out_;
  }

 private:
  VirtualStandbyPlan standby_plan(const VirtualRunPlan& plan,
                                  const FlushSizeSource& flush_sizes) const {
    return {rules_for(plan.mode).standby_ack,
            plan.buffer_pages.value_or(default_buffer_pages(flush_sizes.max_pages())),
            network_model_.one_way_delay(), plan.replay, plan.spool_limit_pages};
  }

  void handle(const ScheduledEvent& e) {
    switch (e.event) {
      case Event::FlushStart:
        if (closed_) break;
        if (waiting_for_log_) {
          begin_flush();
        } else {
          start_flush();
        }
        break;
      case Event::PrimaryIoDone:
        io_done_ = true;
        if (rules_.io_before_send) {
          start_send();
        } else {
          try_complete();
        }
        break;
      case Event::WindowOpen:
        network_.window_open(e.value);
        pump();
        break;
      case Event::WireFree:
        pump();
        break;
      case Event::Arrival:
        standby_.arrival(now_, e.value);
        break;
      case Event::AckArrival:
        out_.primary.note_recv(kAckBytes);
        out_.primary.ack_wait.add(kAckBytes, now_ - sent_at_);
        shipped();
        break;
      case Event::StandbyWriteDone:
        standby_.write_done(now_, e.value);
        break;
      case Event::ReplayDone:
        standby_.replay_done(now_, e.value);
        break;
    }
  }

  void start_flush() {
    const FlushRequest request = flush_sizes_.next(VirtualClock::time_point{} + now_);
    const Nanos start = request.start - VirtualClock::time_point{};
    flush_pages_ = request.pages;
    if (request.pages == 0) {
      close(now_);
      return;
    }
    if (start > now_) {
      // A logger waiting for a page of log: the flush begins when it is there.
      waiting_for_log_ = true;
      events_.at(start, Event::FlushStart);
      return;
    }
    begin_flush();
  }

  void begin_flush() {
    waiting_for_log_ = false;
    io_time_ = disk_->io_time(flush_bytes());
    io_done_ = false;
    shipped_ = false;
    standby_.expect_flush(flush_bytes());
    events_.at(now_ + io_time_, Event::PrimaryIoDone);
    if (!rules_.io_before_send) start_send();
  }

  void start_send() {
    ship_start_ = now_;
    network_.offer(flush_bytes());
    pump();
  }

  void pump() {
    if (!network_.pump(now_)) return;
    sent_at_ = now_;
    out_.primary.send_phase.add(flush_bytes(), now_ - ship_start_);
    if (!expects_ack(plan_.mode)) shipped();
  }

  void shipped() {
    shipped_ = true;
    const Nanos shipping = now_ - ship_start_;
    out_.primary.note_shipping(shipping);
    primary_intervals_.note_shipping(shipping);
    try_complete();
  }

  void try_complete() {
    if (!shipped_ || !io_done_) return;
    out_.primary.note_flush(flush_bytes(), io_time_,
                            flush_sizes_.varies() ? std::optional(flush_pages_) : std::nullopt);
    flush_sizes_.flushed(VirtualClock::time_point{} + now_);
    shipped_ = false;
    if (limits_reached()) {
      close(now_);
      return;
    }
    Nanos resume = now_;
    if (pacer_) {
      resume =
          std::max(now_, pacer_->resume_at({}, out_.primary.flushes.bytes) - Clock::time_point{});
      out_.primary.target->idle += resume - now_;
    }
    events_.at(resume, Event::FlushStart);
  }

  std::uint64_t flush_bytes() const { return pages_to_bytes(flush_pages_); }

  bool limits_reached() const {
    if (plan_.max_flushes && out_.primary.flushes.calls >= *plan_.max_flushes) return true;
    return plan_.run_time && now_ >= *plan_.run_time;
  }

  void close(Nanos at) {
    closed_ = true;
    out_.primary.elapsed = at;
    out_.primary.commit_wait = flush_sizes_.commit_wait();
    out_.primary.workload = flush_sizes_.workload_steps();
    primary_intervals_.finish(clock_.now(), out_.primary);
  }

  const VirtualRunPlan& plan_;
  const ModeRules& rules_;
  FlushSizeSource& flush_sizes_;
  std::unique_ptr<DiskModel> disk_;
  VirtualOutcome out_;
  EventQueue events_;
  NetworkModel network_model_;
  VirtualNetwork network_;
  VirtualStandby standby_;
  VirtualClock clock_;
  IntervalReporter primary_intervals_;
  IntervalReporter standby_intervals_;
  std::optional<TargetPacer> pacer_;
  Nanos now_{};
  Nanos io_time_{};
  Nanos ship_start_{};
  Nanos sent_at_{};
  std::uint32_t flush_pages_ = 0;
  bool io_done_ = false;
  bool shipped_ = false;
  bool closed_ = false;
  bool waiting_for_log_ = false;
};

}  // namespace

VirtualOutcome run_virtual(const VirtualRunPlan& plan, FlushSizeSource& flush_sizes,
                           const StopSource& stop) {
  return Simulation(plan, flush_sizes).run(stop);
}

VirtualRunPlan virtual_plan_from(const RunConfig& config) {
  VirtualRunPlan plan;
  plan.mode = config.effective_sync_mode();
  plan.max_flushes = config.max_flushes;
  if (const auto seconds = config.effective_run_seconds()) plan.run_time = from_seconds(*seconds);
  plan.disk = config.disk;
  plan.replay = config.replay;
  plan.spool_limit_pages = config.spool_limit_pages;
  plan.target_mbytes_per_sec = config.target_mbytes_per_sec;
  plan.network = config.network.value_or(NetworkParams{});
  plan.window_bytes = config.network_window_bytes();
  plan.buffer_pages = config.standby_request.buffer_pages ? config.standby_request.buffer_pages
                                                          : config.standby_buffer_pages;
  plan.interval = config.interval;
  return plan;
}

}  // namespace simhadr
