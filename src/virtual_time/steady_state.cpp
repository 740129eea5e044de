#include "virtual_time/steady_state.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace simhadr {

namespace {

bool close_to(double a, double b, double tolerance) {
  return std::abs(a - b) <= tolerance * std::max(std::abs(a), std::abs(b));
}

}  // namespace

CommitWait RunTotals::commit() const {
  return {waited_bytes > 0 ? wait_byte_seconds / waited_bytes : 0.0, max_wait_seconds,
          blocked_seconds, waited_bytes};
}

RunTotals totals_of(const RunResult& primary) {
  const CommitWait commit = primary.commit_wait.value_or(CommitWait{});
  return {.flushes = primary.flushes.calls,
          .bytes = static_cast<double>(primary.flushes.bytes),
          .seconds = to_seconds(primary.elapsed),
          .wait_byte_seconds = commit.avg_seconds * commit.waited_bytes,
          .waited_bytes = commit.waited_bytes,
          .max_wait_seconds = commit.max_seconds,
          .blocked_seconds = commit.blocked_seconds};
}

SteadyState::SteadyState(std::uint64_t window_flushes, std::uint64_t period_flushes,
                         double tolerance)
    : window_flushes_(window_flushes),
      span_windows_(std::lcm(window_flushes, period_flushes) / window_flushes),
      tolerance_(tolerance) {}

SteadyState::Mark SteadyState::mark_of(const FlushProgress& progress) {
  return {.flushes = progress.flushes,
          .bytes = static_cast<double>(progress.bytes),
          .seconds = to_seconds(progress.now),
          .wait_byte_seconds = progress.commit.avg_seconds * progress.commit.waited_bytes,
          .waited_bytes = progress.commit.waited_bytes,
          .blocked_seconds = progress.commit.blocked_seconds};
}

SteadyState::Mark SteadyState::between(const Mark& from, const Mark& to) {
  return {.flushes = to.flushes - from.flushes,
          .bytes = to.bytes - from.bytes,
          .seconds = to.seconds - from.seconds,
          .wait_byte_seconds = to.wait_byte_seconds - from.wait_byte_seconds,
          .waited_bytes = to.waited_bytes - from.waited_bytes,
          .blocked_seconds = to.blocked_seconds - from.blocked_seconds};
}

bool SteadyState::agree(const Mark& earlier, const Mark& later) const {
  const auto wait = [](const Mark& m) {
    return m.waited_bytes > 0 ? m.wait_byte_seconds / m.waited_bytes : 0.0;
  };
  return close_to(earlier.bytes, later.bytes, tolerance_) &&
         close_to(earlier.seconds, later.seconds, tolerance_) &&
         close_to(wait(earlier), wait(later), tolerance_) &&
         close_to(earlier.blocked_seconds, later.blocked_seconds, tolerance_);
}

bool SteadyState::settled(const FlushProgress& progress) {
  if (pace_) return true;
  if (progress.flushes % window_flushes_ != 0) return false;
  marks_.push_back(mark_of(progress));
  in_flight_.push_back(progress.in_flight);
  const std::size_t n = marks_.size();
  if (n < 3) return false;
  const Mark later = between(marks_[n - 2], marks_[n - 1]);
  if (!agree(between(marks_[n - 3], marks_[n - 2]), later)) return false;
  const double filled =
      static_cast<double>(in_flight_[n - 1]) - static_cast<double>(in_flight_[n - 2]);
  // In flight moves a piece at a time, up to a flush: no more than that is noise.
  const double flush = later.bytes / static_cast<double>(later.flushes);
  if (filled > tolerance_ * later.bytes + flush) return false;
  // Flushes are whole pages: a span's pace is off by up to a page, so it must hold enough of
  // them for that to be within the tolerance. marks_[0] ends the first window, left out.
  const double enough_bytes = kPageBytes / tolerance_;
  for (std::size_t windows = span_windows_; windows < n; ++windows) {
    const Mark span = between(marks_[n - 1 - windows], marks_[n - 1]);
    if (span.bytes >= enough_bytes) {
      pace_ = span;
      return true;
    }
  }
  return false;
}

RunTotals SteadyState::extended(RunTotals totals, const VirtualRunPlan& plan) const {
  if (!pace_) return totals;
  const Mark& pace = *pace_;
  const double per_flush = 1.0 / static_cast<double>(pace.flushes);
  double more = std::numeric_limits<double>::infinity();
  if (plan.max_flushes) {
    more = static_cast<double>(*plan.max_flushes) - static_cast<double>(totals.flushes);
  }
  if (plan.run_time) {
    const double left = to_seconds(*plan.run_time) - totals.seconds;
    more = std::min(more, left > 0 ? std::ceil(left / (pace.seconds * per_flush)) : 0.0);
  }
  if (!std::isfinite(more) || more <= 0) return totals;
  const double share = more * per_flush;
  totals.flushes += static_cast<std::uint64_t>(more);
  totals.bytes += pace.bytes * share;
  totals.seconds += pace.seconds * share;
  totals.wait_byte_seconds += pace.wait_byte_seconds * share;
  totals.waited_bytes += pace.waited_bytes * share;
  totals.blocked_seconds += pace.blocked_seconds * share;
  return totals;
}

}  // namespace simhadr
