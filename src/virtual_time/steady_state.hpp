#pragma once
// A run in virtual time has reached its steady state once two windows of
// flushes in a row agree, in flush size, time per flush and what a commit
// waited, to within a tolerance: the rest of its planned length would only
// repeat them, so the run can stop there and its totals be carried on to that
// length at the pace of its last span of whole windows: whole turns of a
// listed flush-size pattern, and enough pages that a page more or less in it
// stays within the tolerance (flushes are whole pages). The span leaves out the
// first window, which fills the pipeline. Without an ack to wait for, a primary
// runs ahead of a slower link until its send buffer is full: a run whose send
// buffer still fills has not settled.
// -calculate -model plays tens of thousands of intervals; most settle within
// a few hundred flushes.
#include <cstdint>
#include <optional>
#include <vector>

#include "virtual_time/virtual_run.hpp"

namespace simhadr {

// What a run's figures are made of.
struct RunTotals {
  std::uint64_t flushes = 0;
  double bytes = 0;
  double seconds = 0;
  double wait_byte_seconds = 0;  // commit wait x log bytes
  double waited_bytes = 0;
  double max_wait_seconds = 0;
  double blocked_seconds = 0;

  CommitWait commit() const;
};

RunTotals totals_of(const RunResult& primary);

class SteadyState {
 public:
  // The flush sizes repeat every `period_flushes` (1 when they do not follow a pattern).
  SteadyState(std::uint64_t window_flushes, std::uint64_t period_flushes, double tolerance);
  // After each flush: true once the last two windows agree and a span follows the first.
  bool settled(const FlushProgress& progress);
  // `totals` carried on, window after window as the last, to the plan's end:
  // its flush count, or the first flush done at or after its run time.
  RunTotals extended(RunTotals totals, const VirtualRunPlan& plan) const;

 private:
  // Where the run stood at a window's end, or what a span between two added (its longest
  // commit wait left at 0: a window has none of its own).
  using Mark = RunTotals;
  static Mark mark_of(const FlushProgress& progress);
  static Mark between(const Mark& from, const Mark& to);
  bool agree(const Mark& earlier, const Mark& later) const;

  std::uint64_t window_flushes_;
  std::uint64_t span_windows_;
  double tolerance_;
  std::vector<Mark> marks_;               // at the end of each window
  std::vector<std::uint64_t> in_flight_;  // the send buffer at the same ends
  std::optional<Mark> pace_;              // once settled: the span the rest is carried on at
};

}  // namespace simhadr
