#include "virtual_time/virtual_run.hpp"

#include <algorithm>
#include <stdexcept>

#include "simhadr/limits.hpp"
#include "simhadr/pipeline/flush_steps.hpp"
#include "simhadr/pipeline/pacing.hpp"
#include "simhadr/wire/flush_codec.hpp"
#include "virtual_time/principal_link_watch.hpp"
#include "virtual_time/shared_uplink.hpp"
#include "virtual_time/virtual_auxiliary.hpp"
#include "virtual_time/virtual_clock.hpp"
#include "virtual_time/virtual_network.hpp"
#include "virtual_time/virtual_standby.hpp"
#include "virtual_time/virtual_thread_cpu.hpp"

namespace simhadr {

namespace {

constexpr std::uint64_t kEventsBetweenStopChecks = 4096;

class Simulation {
  // What has happened to the flush under way so far: the steps that wait, wait on these.
  struct FlushSoFar {
    bool io_done = false;
    bool send_started = false;
    bool sent = false;
    bool acked = false;
  };
  // The primary's state between flushes.
  enum class Phase : std::uint8_t {
    Flushing,       // a flush is under way, or the next may start
    WaitingForLog,  // a logger's next flush waits for its first page of log
    Closed,         // -n, -t, a settled run or the end of the log: no more flushes
  };

 public:
  Simulation(const VirtualRunPlan& plan, FlushSizeSource& flush_sizes)
      : plan_(plan),
        steps_(rules_for(plan.mode)),
        flush_sizes_(flush_sizes),
        disk_(make_disk_model(plan.disk)),
        uplink_(plan.uplink ? std::optional<SharedUplink>(*plan.uplink) : std::nullopt),
        network_model_(plan.network, plan.window_bytes),
        link_watch_(outages_from(plan), plan.mode, plan.target),
        network_(network_model_, events_, out_.primary, 0, uplink_ ? &*uplink_ : nullptr,
                 link_watch_.outages()),
        standby_(standby_plan(plan, flush_sizes), *disk_, events_, out_.standby),
        primary_intervals_(plan.interval, plan.primary_intervals, link_watch_.outages()),
        standby_intervals_(plan.interval, plan.standby_intervals, link_watch_.outages()),
        pacing_(plan.target),
        thread_cpu_(plan.thread_cpu, events_) {
    out_.primary.settings = virtual_side_settings(plan, Role::Primary, flush_sizes.max_pages());
    out_.standby.settings = virtual_side_settings(plan, Role::Standby, flush_sizes.max_pages());
    add_auxiliaries(flush_sizes);
    out_.primary.target = pacing_.initial_stats();
  }

  // Each auxiliary's standby is the principal's, told SUPERASYNC, behind its own link.
  void add_auxiliaries(const FlushSizeSource& flush_sizes) {
    out_.auxiliary_standbys.resize(plan_.auxiliaries.size(), out_.standby);
    for (std::size_t i = 0; i < plan_.auxiliaries.size(); ++i) {
      RunResult& standby = out_.auxiliary_standbys[i];
      standby.settings.mode = SyncMode::SuperAsync;
      standby.settings.network = plan_.auxiliary_networks[i];
      VirtualAuxiliaryPlan auxiliary{static_cast<std::uint8_t>(i + 1), plan_.auxiliaries[i],
                                     plan_.auxiliary_networks[i], plan_.window_bytes,
                                     standby_plan(plan_, flush_sizes)};
      auxiliary.standby.ack = AckPoint::None;
      auxiliary.standby.one_way_delay =
          from_seconds(plan_.auxiliary_networks[i].one_way_delay_seconds);
      auxiliaries_.push_back(std::make_unique<VirtualAuxiliary>(
          auxiliary, *disk_, events_, uplink_ ? &*uplink_ : nullptr, standby));
      out_.primary.auxiliaries.emplace_back().listed = plan_.auxiliaries[i];
    }
    caught_up_at_.resize(plan_.auxiliaries.size() + 1);
  }

  VirtualOutcome run(const StopSource& stop) {
    primary_intervals_.start(clock_.now());
    standby_intervals_.start(clock_.now());
    events_.at(Nanos{0}, Event::FlushStart);
    std::uint64_t handled = 0;
    while (!events_.empty()) {
      if (++handled % kEventsBetweenStopChecks == 0 && stop.requested()) {
        out_.interrupted = true;
        if (phase_ != Phase::Closed) close(now_);
        break;
      }
      const ScheduledEvent next = events_.pop();
      now_ = next.at;
      clock_.set(now_);
      handle(next);
      primary_intervals_.poll(clock_, out_.primary);
      standby_intervals_.poll(clock_, out_.standby);
      if (phase_ == Phase::Closed && everyone_caught_up()) break;
    }
    standby_intervals_.finish(Clock::time_point{} + caught_up_at_[0].value_or(now_), out_.standby);
    standby_.finish(caught_up_at_[0].value_or(now_));
    link_watch_.finish(out_.primary, out_.standby);
    for (std::size_t i = 0; i < auxiliaries_.size(); ++i) {
      out_.primary.auxiliaries[i] = auxiliaries_[i]->stream(out_.primary.elapsed);
      auxiliaries_[i]->standby().finish(caught_up_at_[i + 1].value_or(now_));
    }
    return out_;
  }

 private:
  static std::optional<LinkOutages> outages_from(const VirtualRunPlan& plan) {
    if (!plan.outages) return std::nullopt;
    // Outages every so often repeat over the planned run, or for a year of virtual time under -n.
    return LinkOutages(*plan.outages, plan.run_time,
                       plan.run_time.value_or(from_seconds(kMaxRunSeconds)));
  }

  VirtualStandbyPlan standby_plan(const VirtualRunPlan& plan,
                                  const FlushSizeSource& flush_sizes) const {
    return {rules_for(plan.mode).standby_ack,
            plan.buffer_pages.value_or(default_buffer_pages(flush_sizes.max_pages())),
            network_model_.one_way_delay(), plan.replay, plan.spool_limit_pages};
  }

  // Once the primary has closed: each standby's run ends when it has everything it was sent.
  bool everyone_caught_up() {
    for (std::size_t i = 0; i < caught_up_at_.size(); ++i) {
      const bool caught_up = i == 0 ? standby_.caught_up(out_.primary.flushes.bytes)
                                    : auxiliaries_[i - 1]->caught_up();
      if (caught_up && !caught_up_at_[i]) caught_up_at_[i] = now_;
    }
    return std::ranges::all_of(caught_up_at_, [](const auto& at) { return at.has_value(); });
  }

  void pump_auxiliary(std::size_t i) {
    out_.primary.auxiliaries[i].lag = auxiliaries_[i]->pump(now_);
  }

  // A stream's turn on the shared uplink: one that cannot take it leaves it to the next.
  void uplink_turns() {
    while (const std::optional<std::uint8_t> stream = uplink_->next(now_)) {
      pump_stream(*stream);
      if (uplink_->next(now_) == stream) uplink_->leave(*stream);
    }
  }

  // Stream 0 is the principal's link and standby, then each auxiliary's.
  void pump_stream(std::uint8_t stream) {
    if (stream == 0) {
      pump();
    } else {
      pump_auxiliary(stream - 1U);
    }
  }

  VirtualStandby& standby_of(std::uint8_t stream) {
    return stream == 0 ? standby_ : auxiliaries_[stream - 1U]->standby();
  }

  void window_open(std::uint8_t stream, std::uint64_t bytes) {
    if (stream == 0) {
      network_.window_open(bytes);
      link_watch_.acknowledged(bytes, now_);
    } else {
      auxiliaries_[stream - 1U]->window_open(bytes);
    }
    pump_stream(stream);
  }

  // Each event once, whichever stream it is on; only the primary's own events
  // have no stream of their own.
  void handle(const ScheduledEvent& e) {
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
        standby_of(e.stream).write_done(now_, e.value);
        break;
      case Event::ReplayDone:
        standby_of(e.stream).replay_done(now_);
        break;
      case Event::FlushStart:
        principal_only(e);
        flush_start();
        break;
      case Event::PrimaryIoDone:
        principal_only(e);
        so_far_.io_done = true;
        take_steps();
        break;
      case Event::AckArrival:
        principal_only(e);
        out_.primary.note_recv(kAckBytes);
        out_.primary.ack_wait.add(kAckBytes, now_ - sent_at_);
        so_far_.acked = true;
        take_steps();
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
    }
  }

  // An auxiliary never acks, and only the primary flushes and shares the uplink.
  static void principal_only(const ScheduledEvent& e) {
    if (e.stream != 0) throw std::logic_error("a primary's event on an auxiliary's stream");
  }

  // The primary's next flush may start: unless the run is over, it asks for the next
  // size, or begins the flush that waited for its log.
  void flush_start() {
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

  void start_flush() {
    const std::optional<FlushRequest> request =
        flush_sizes_.next(VirtualClock::time_point{} + now_);
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

  void begin_flush() {
    phase_ = Phase::Flushing;
    io_time_ = disk_->io_time(flush_bytes());
    so_far_ = {};
    step_ = 0;
    standby_.expect_flush(flush_bytes());
    take_steps();
  }

  // Takes the flush's steps as far as the events so far allow; the event a
  // step waits for takes them on.
  void take_steps() {
    // A send that completes at once comes back here from within its own step.
    if (taking_steps_) return;
    taking_steps_ = true;
    while (step_ < steps_.size() && take_step(steps_[step_])) ++step_;
    taking_steps_ = false;
  }

  // False while the step waits for an event.
  bool take_step(FlushStep step) {
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

  void start_send() {
    so_far_.send_started = true;
    ship_start_ = now_;
    if (thread_cpu_.sending(now_, flush_bytes())) {
      unhanded_ = flush_bytes();
      return;
    }
    network_.offer(flush_bytes());
    pump();
  }

  // The send returns once the network has taken the flush's last byte.
  void pump() {
    if (!network_.pump(now_) || unhanded_ > 0) return;
    sent_at_ = now_;
    out_.primary.send_phase.add(flush_bytes(), now_ - ship_start_);
    so_far_.sent = true;
    take_steps();
  }

  void shipped() {
    const Nanos shipping = now_ - ship_start_;
    out_.primary.note_shipping(shipping);
    primary_intervals_.note_shipping(shipping);
  }

  void finish_flush() {
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

  std::uint64_t flush_bytes() const { return pages_to_bytes(flush_pages_); }

  bool limits_reached() const {
    if (plan_.limits().reached(out_.primary.flushes.calls, now_)) return true;
    return plan_.settled &&
           plan_.settled({out_.primary.flushes.calls, out_.primary.flushes.bytes, now_,
                          flush_sizes_.commit_wait().value_or(CommitWait{})});
  }

  void close(Nanos at) {
    phase_ = Phase::Closed;
    for (const auto& auxiliary : auxiliaries_) auxiliary->finish_flush_in_flight();
    out_.primary.elapsed = at;
    out_.primary.commit_wait = flush_sizes_.commit_wait();
    out_.primary.workload = flush_sizes_.workload_steps();
    primary_intervals_.finish(clock_.now(), out_.primary);
  }

  const VirtualRunPlan& plan_;
  FlushSteps steps_;
  FlushSizeSource& flush_sizes_;
  std::unique_ptr<DiskModel> disk_;
  VirtualOutcome out_;
  EventQueue events_;
  std::optional<SharedUplink> uplink_;
  NetworkModel network_model_;
  PrincipalLinkWatch link_watch_;
  VirtualNetwork network_;
  VirtualStandby standby_;
  std::vector<std::unique_ptr<VirtualAuxiliary>> auxiliaries_;
  std::vector<std::optional<Nanos>> caught_up_at_;  // the principal's, then each auxiliary's
  VirtualClock clock_;
  IntervalReporter primary_intervals_;
  IntervalReporter standby_intervals_;
  Pacing pacing_;
  VirtualThreadCpu thread_cpu_;
  Nanos now_{};
  Nanos io_time_{};
  Nanos ship_start_{};
  Nanos sent_at_{};
  std::uint64_t unhanded_ = 0;  // of the flush, what the primary's thread has yet to hand to TCP
  std::uint32_t flush_pages_ = 0;
  std::size_t step_ = 0;  // the flush's next step
  bool taking_steps_ = false;
  FlushSoFar so_far_;
  Phase phase_ = Phase::Flushing;
};

}  // namespace

VirtualOutcome run_virtual(const VirtualRunPlan& plan, FlushSizeSource& flush_sizes,
                           const StopSource& stop) {
  return Simulation(plan, flush_sizes).run(stop);
}

}  // namespace simhadr
