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
//
// The steps come in the mode's order (FlushSteps). An engine may report the
// write's end while the flush is still being shipped (Pending: nothing to do
// until what was asked for ends); the times passed are those the engine's
// clock read when each ended.
#include <cstdint>
#include <functional>
#include <optional>

#include "simhadr/clock.hpp"
#include "simhadr/measure/interval_reporter.hpp"
#include "simhadr/measure/run_result.hpp"
#include "simhadr/models/disk_model.hpp"
#include "simhadr/models/flush_size.hpp"
#include "simhadr/pipeline/flush_steps.hpp"
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
  // Asked after each flush, after the limits: true ends the run there.
  std::function<bool()> settled;
};

class FlushCycle {
 public:
  // Notes go into `result` and `intervals`; `observer` hears of each flush.
  FlushCycle(FlushCyclePlan plan, FlushSizeSource& flush_sizes, const DiskModel& disk,
             RunResult& result, IntervalReporter& intervals, FlushObserver& observer);

  FlushAction start(Clock::time_point now);
  FlushAction begun(Clock::time_point now);
  FlushAction io_started();
  FlushAction io_done(Clock::time_point now);
  FlushAction sent(Clock::time_point now);
  FlushAction acked(Clock::time_point now);
  FlushAction next(Clock::time_point now);
  FlushAction woke(Clock::time_point now);
  // The run ended at `now` (the cycle's Over, a stop or a failure): its last notes.
  void finish(Clock::time_point now);

  bool over() const { return over_; }
  // The flush under way.
  std::uint32_t pages() const { return flush_.pages; }
  Nanos io_time() const { return flush_.io_time; }
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
  };

  // The next flush, once a wait for pacing or for log is over.
  FlushAction request_flush(Clock::time_point now);
  // Takes the steps as far as what has ended allows.
  FlushAction advance();
  // The step's action, or none when it is over and the next may follow.
  std::optional<FlushAction> take(FlushStep step);
  std::optional<FlushAction> ask(bool ended, FlushAction action);
  FlushAction finish_flush();
  FlushAction close();

  FlushCyclePlan plan_;
  FlushSteps steps_;
  FlushSizeSource& flush_sizes_;
  const DiskModel& disk_;
  RunResult& result_;
  IntervalReporter& intervals_;
  FlushObserver& observer_;
  Pacing pacing_;
  std::size_t shipped_step_ = 0;  // where FlushStep::Shipped is in steps_
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
