#pragma once
// -model's discrete-event simulation: the primary's flushes, its link and
// standby, and the auxiliaries' streams, event by event in virtual time.
// simulation.cpp sets it up and dispatches the events; simulation_flush.cpp
// carries out the flush cycle's actions (FlushCycle) with events.
#include <memory>
#include <optional>
#include <vector>

#include "simhadr/pipeline/flush_cycle.hpp"
#include "virtual_time/event_queue.hpp"
#include "virtual_time/principal_link_watch.hpp"
#include "virtual_time/shared_uplink.hpp"
#include "virtual_time/virtual_auxiliary.hpp"
#include "virtual_time/virtual_clock.hpp"
#include "virtual_time/virtual_network.hpp"
#include "virtual_time/virtual_run.hpp"
#include "virtual_time/virtual_standby.hpp"
#include "virtual_time/virtual_thread_cpu.hpp"

namespace simhadr {

class VirtualSimulation : private FlushObserver {
 public:
  VirtualSimulation(const VirtualRunPlan& plan, FlushSizeSource& flush_sizes);

  VirtualOutcome run(const StopSource& stop);
  // The cycle holds references to this simulation's members.
  VirtualSimulation(const VirtualSimulation&) = delete;
  VirtualSimulation& operator=(const VirtualSimulation&) = delete;

 private:
  // Each auxiliary's standby is the principal's, told SUPERASYNC, behind its own link.
  void add_auxiliaries(const FlushSizeSource& flush_sizes);
  static std::optional<LinkOutages> outages_from(const VirtualRunPlan& plan);
  VirtualStandbyPlan standby_plan(const VirtualRunPlan& plan,
                                  const FlushSizeSource& flush_sizes) const;
  // Once the primary has closed: each standby's run ends when it has everything it was sent.
  bool everyone_caught_up();
  void pump_auxiliary(std::size_t i);
  // A stream's turn on the shared uplink: one that cannot take it leaves it to the next.
  void uplink_turns();
  // Stream 0 is the principal's link and standby, then each auxiliary's.
  void pump_stream(std::uint8_t stream);
  VirtualStandby& standby_of(std::uint8_t stream);
  void window_open(std::uint8_t stream, std::uint64_t bytes);
  // Each event once, whichever stream it is on; only the primary's own events
  // have no stream of their own.
  void handle(const ScheduledEvent& e);
  // An auxiliary never acks, and only the primary flushes and shares the uplink.
  static void principal_only(const ScheduledEvent& e);
  FlushCyclePlan cycle_plan() const;
  static constexpr Nanos kForever = Nanos::max();
  static Clock::time_point time_at(Nanos since_start) { return Clock::time_point{} + since_start; }
  // Does what the flush cycle asks, until it waits for an event.
  void carry_out(FlushAction action);
  void start_send(std::uint32_t pages);
  // Gives a flush's pages to the primary's thread and the link; a send waits for them there.
  void hand_over(std::uint32_t pages);
  // An event at the cycle's next deadline, unless one as early is on its way.
  void watch_deadline();
  void link_down(Nanos at);
  // The link is back: the standby returns, and what the primary kept back goes first.
  void link_up(Nanos at);
  void standby_back(Nanos at);
  void failure_deadline();
  void reconnect();
  // The send returns once the network has taken the flush's last byte into its send buffer.
  void pump();
  void flushed(std::uint32_t pages, Clock::time_point at) override;
  void close(Nanos at);

  const VirtualRunPlan& plan_;
  FlushSizeSource& flush_sizes_;
  // Each host has a disk of its own, and a capped one its own meter.
  std::unique_ptr<DiskModel> primary_disk_;
  std::unique_ptr<DiskModel> standby_disk_;
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
  VirtualThreadCpu thread_cpu_;
  FlushCycle cycle_;
  Nanos now_{};
  std::optional<Nanos> deadline_at_;  // the earliest FailureDeadline on its way
  bool reconnect_pending_ = false;
  std::uint64_t unhanded_ = 0;  // of the flush, what the primary's thread has yet to hand to TCP
  Nanos last_flush_at_{-1};
  std::uint64_t flushes_at_one_instant_ = 0;
};

}  // namespace simhadr
