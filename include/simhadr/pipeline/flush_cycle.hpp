#pragma once
// The primary's flushes, one after another, for both engines: the cycle
// decides what comes next and takes every note; an engine carries each action
// out (the real primary on its clock and socket, -model with events in
// virtual time) and tells the cycle when it has ended, as fio's job loop and
// its I/O engines share the work. Each call returns the next action:
//
//   start(t)       the run begins                -> Begin, AwaitLog or Over
//   begun(t)       the flush's log is ready      -> StartIo
//   io_started()   its write is under way        -> the next step's action
//   io_done(t)     the write has ended           -> the next step's, or Pending
//   sent(t)        the send has returned         -> the next step's
//   acked(t)       the standby's ack is in       -> the next step's
//   next(t)        after Flushed                 -> Pace or Over
//   woke(t)        Pace's or AwaitLog's time     -> Begin, AwaitLog or Over
//   queued()       Queue's pages are with the link -> the next step's
//   deadline(t)    at next_deadline()             -> Hold, the next step's, or Pending
//   heard(t)       the link carries again         -> the held flush's next step, or Pending
//
// Through a failure of the link the cycle follows the primary's HADR states
// (HadrStates): the engine says when the link went silent (silent), when the
// standby is back (heard), how much it has received (standby_has), and calls
// deadline(t) at next_deadline(): the peer wait limit, the HADR timeout, the
// peer window's end. A deadline that ends a Send or an AwaitAck gives up on
// it; its pages stay with the link. Out of peer state a flush's log is kept
// back (remote catch-up pending: take_backlog() hands it over once the
// standby is back) or queued for the link without waiting (Queue, in remote
// catch-up).
//
// The steps come in the mode's order (FlushSteps). An engine may report the
// write's end while the flush is still being shipped (Pending: nothing to do
// until what was asked for ends); the times passed are those the engine's
// clock read when each ended.
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "simhadr/clock.hpp"
#include "simhadr/measure/interval_reporter.hpp"
#include "simhadr/measure/run_result.hpp"
#include "simhadr/models/disk_model.hpp"
#include "simhadr/models/flush_size.hpp"
#include "simhadr/pipeline/flush_steps.hpp"
#include "simhadr/pipeline/hadr_states.hpp"
#include "simhadr/pipeline/pacing.hpp"
#include "simhadr/pipeline/run_limits.hpp"

namespace simhadr {

enum class FlushActionKind : std::uint8_t {
  Begin,     // a flush of `pages` begins: ready its log, then begun(t)
  StartIo,   // its write (SUPERASYNC: read) starts, to end at `until`: io_started()
  AwaitIo,   // nothing more until the write ends at `until`: io_done(t)
  Send,      // hand the flush's `pages` to the link: sent(t) once the send returns
  AwaitAck,  // wait for the standby's ack: acked(t)
  Flushed,   // the flush is done and counted: next(t) when ready for the next
  Pace,      // -target: the next flush may not start before `until`: woke(t)
  AwaitLog,  // the workload has no page of log before `until`: woke(t)
  Hold,      // disconnected peer: commits wait until `until`, or the standby is back
  Queue,     // hand `pages` to the link and go on at once (remote catch-up): queued()
  Pending,   // nothing to do until what was asked for ends
  Over,      // -n, -t, the end of the log, or an engine's own end: no more flushes
};

struct FlushAction {
  FlushActionKind kind = FlushActionKind::Pending;
  Clock::time_point until{};
  std::uint32_t pages = 0;
};

// What an engine does of its own when a flush is shipped and when it is done.
class FlushObserver {
 public:
  virtual void shipped(Nanos /*shipping*/) {}
  // The flush of `pages` is written and shipped at `at` (its log is on the
  // primary's disk and with the standby, as the mode counts it).
  virtual void flushed(std::uint32_t pages, Clock::time_point at) = 0;

 protected:
  ~FlushObserver() = default;
};

struct FlushCyclePlan {
  SyncMode mode = SyncMode::NearSync;
  RunLimits limits;
  std::optional<MBytesPerSec> target;
  FailureSettings failure;
  // Asked after each flush, after the limits: true ends the run there.
  std::function<bool()> settled;
};

class FlushCycle {
 public:
  // Notes go into `result` and `intervals`; `observer` hears of each flush.
  FlushCycle(FlushCyclePlan plan, FlushSizeSource& flush_sizes, DiskModel& disk, RunResult& result,
             IntervalReporter& intervals, FlushObserver& observer);

  FlushAction start(Clock::time_point now);
  FlushAction begun(Clock::time_point now);
  FlushAction io_started();
  FlushAction io_done(Clock::time_point now);
  FlushAction sent(Clock::time_point now);
  FlushAction acked(Clock::time_point now);
  FlushAction next(Clock::time_point now);
  FlushAction woke(Clock::time_point now);
  FlushAction queued();
  // Nothing has come from the standby since `since` (the link is down).
  void silent(Clock::time_point since) { silent_since_ = since; }
  // The link carries again at `now`: a standby lost comes back.
  FlushAction heard(Clock::time_point now);
  // The standby has received `bytes` of log in all, as of `now`.
  void standby_has(std::uint64_t bytes, Clock::time_point now);
  // When deadline() next has work; it may be called at any time after.
  std::optional<Clock::time_point> next_deadline() const;
  FlushAction deadline(Clock::time_point now);
  // The flushes (their pages) written while the standby was away, oldest first:
  // the engine hands them to the link before anything else.
  std::vector<std::uint32_t> take_backlog();
  HadrState state() const { return states_.state(); }
  // Acks of flushes handed in a mode with acks that have not come yet.
  std::uint64_t acks_owed() const { return acks_owed_; }
  // The states so far and the commits' waits; finish() puts it in the result, and the
  // standby's return and catch-up after the run's end add to it.
  FailureRecord failure_record() const;
  // The run ended at `now` (the cycle's Over, a stop or a failure): its last notes.
  void finish(Clock::time_point now);

  bool over() const { return over_; }
  // The flush under way.
  std::uint32_t pages() const { return flush_.pages; }
  Nanos io_time() const { return flush_.io_time; }
  // A Send is under way whose return the cycle waits for.
  bool awaits_send() const {
    return !over_ && step_ < steps_.size() && steps_[step_] == FlushStep::Send && flush_.asked &&
           !flush_.sent && !flush_.held;
  }
  // Its shipping has ended (the write may still be under way).
  bool shipping_over() const { return step_ > shipped_step_; }

 private:
  struct Flush {
    std::uint32_t pages = 0;
    Nanos io_time{};
    Clock::time_point start;
    Clock::time_point io_done_at;
    Clock::time_point ship_start;
    Clock::time_point shipped;  // the send's end, then the ack's
    // What has ended so far, and whether the step under way has asked for it.
    bool io_started = false;
    bool io_done = false;
    bool sent = false;
    bool acked = false;
    bool asked = false;
    // Handed to the link (Send asked, Queue) or kept back for the standby's return.
    bool handed = false;
    bool awaits_ack = false;
    bool released = false;  // a failure ended its wait for the link
    bool held = false;      // disconnected peer held it
    CommitHold hold;
  };

  // The next flush, once a wait for pacing or for log is over.
  FlushAction request_flush(Clock::time_point now);
  // Takes the steps as far as what has ended allows.
  FlushAction advance();
  // The step's action, or none when it is over and the next may follow.
  std::optional<FlushAction> take(FlushStep step);
  std::optional<FlushAction> ask(bool ended, FlushAction action);
  // The Send step in the state the primary is in.
  std::optional<FlushAction> ship();
  // `pages` go to the link: counted as handed, and their ack as owed.
  void hand_to_link(std::uint32_t pages);
  bool waiting_on_link() const;
  bool holding() const { return flush_.held && !flush_.released; }
  FlushAction give_up_now(Clock::time_point now, StateCause why);
  // The flush's wait for the link is over at `now`: shipped as far as it got.
  FlushAction release(Clock::time_point now, StateCause why);
  void note_hold(Nanos shipping);
  void check_caught_up(Clock::time_point now);
  Nanos since_start(Clock::time_point t) const { return t - *run_start_; }
  FlushAction finish_flush();
  FlushAction close();

  FlushCyclePlan plan_;
  FlushSteps steps_;
  FlushSizeSource& flush_sizes_;
  DiskModel& disk_;
  RunResult& result_;
  IntervalReporter& intervals_;
  FlushObserver& observer_;
  Pacing pacing_;
  HadrStates states_;
  FailureRecord failure_;
  std::optional<Clock::time_point> silent_since_;
  std::vector<std::uint32_t> backlog_;
  std::uint64_t handed_bytes_ = 0;   // to the link, in all
  std::uint64_t standby_bytes_ = 0;  // the standby has
  std::uint64_t acks_owed_ = 0;      // flushes handed in a mode with acks, not acked yet
  std::size_t shipped_step_ = 0;     // where FlushStep::Shipped is in steps_
  std::optional<Clock::time_point> run_start_;
  Clock::time_point now_;                // the time the last call brought
  std::optional<FlushRequest> waiting_;  // a flush whose log is not there yet
  Clock::time_point pace_from_;
  bool pacing_now_ = false;
  Flush flush_;
  std::size_t step_ = 0;
  bool over_ = false;
};

}  // namespace simhadr
