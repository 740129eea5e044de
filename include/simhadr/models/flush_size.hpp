#pragma once
// Where the size of each log flush comes from, and when it may start: a
// fixed size, a list or histogram of sizes (-flushSizes), or a workload that
// fills a log buffer (-logRate, -logBufSize) like Db2's logger.
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "simhadr/clock.hpp"
#include "simhadr/config.hpp"

namespace simhadr {

struct FlushRequest {
  std::uint32_t pages = 0;
  Clock::time_point start;  // not before this (a logger waits for a page of log)
};

// One step of a replayed workload, as it went: what it offered, what the
// workload could write into the log buffer, what left in flushes.
struct WorkloadStepTally {
  std::string label;
  double seconds = 0;  // how much of the step the run covered
  double offered_bytes = 0;
  double written_bytes = 0;
  double shipped_bytes = 0;  // of each flush, the share its shipping spent within the step
  double blocked_seconds = 0;
  // Log written but not yet shipped, when the step began and as it ended.
  double backlog_at_start = 0;
  double backlog_at_end = 0;
  double largest_flush_bytes = 0;  // of the flushes that ended within it
  double longest_flush_seconds = 0;

  // The pair kept up: the workload wrote (nearly) all it offered, and the log
  // waiting to be shipped grew by no more than one flush holds. (A log buffer
  // can absorb a shortened interval, so the first alone would pass where the
  // real interval would not.) Reliable while flushes are short beside the step.
  bool sustained() const {
    return written_bytes >= offered_bytes * kSustainedShare &&
           backlog_at_end - backlog_at_start <=
               offered_bytes * (1 - kSustainedShare) + largest_flush_bytes;
  }
  static constexpr double kSustainedShare = 0.95;
};

// What a transaction committing into the log buffer waits for its flush.
struct CommitWait {
  double avg_seconds = 0;  // weighted by log bytes
  double max_seconds = 0;
  double blocked_seconds = 0;  // the workload stood still with the log buffer full
  double waited_bytes = 0;     // the log the average is over
};

class FlushSizeSource {
 public:
  virtual ~FlushSizeSource() = default;
  // The next flush; none once a replayed workload has no more log, which ends the run.
  virtual std::optional<FlushRequest> next(Clock::time_point now) = 0;
  // The flush handed out last is done: written, and with `shipped` shipped
  // with it (peer state); out of peer state its log crosses as the standby
  // catches up (standby_has).
  virtual void flushed(Clock::time_point /*done*/, bool /*shipped*/) {}
  // Out of peer state: the standby has the first `bytes` of the log by `at`.
  virtual void standby_has(std::uint64_t /*bytes*/, Clock::time_point /*at*/) {}
  // The largest flush this source can produce, for sizing buffers once.
  virtual std::uint32_t max_pages() const = 0;
  // Only a workload-driven source knows what its transactions waited.
  virtual std::optional<CommitWait> commit_wait() const { return std::nullopt; }
  // A replayed workload's steps, as far as the run got.
  virtual std::vector<WorkloadStepTally> workload_steps() const { return {}; }
  // True when sizes vary, so the report shows their distribution.
  virtual bool varies() const { return true; }
};

class FixedFlushSize final : public FlushSizeSource {
 public:
  explicit FixedFlushSize(std::uint32_t pages) : pages_(pages) {}
  std::optional<FlushRequest> next(Clock::time_point now) override {
    return FlushRequest{pages_, now};
  }
  std::uint32_t max_pages() const override { return pages_; }
  bool varies() const override { return false; }

 private:
  std::uint32_t pages_;
};

// -flushSizes FILE: a sequence played in order and repeated, or a histogram
// drawn from with a fixed seed, so every run ships the same sizes.
class ListedFlushSizes final : public FlushSizeSource {
 public:
  explicit ListedFlushSizes(const FlushSizeList& list);
  std::optional<FlushRequest> next(Clock::time_point now) override;
  std::uint32_t max_pages() const override { return max_; }

 private:
  std::vector<std::uint32_t> pages_;
  std::optional<std::discrete_distribution<std::size_t>> weighted_;
  std::mt19937_64 random_{1};
  std::size_t next_ = 0;
  std::uint32_t max_ = 0;
};

// -logRate / -logBufSize. The workload writes log at a steady rate into a
// buffer of logBufSize pages and stalls while it is full. Each flush takes
// the whole pages the buffer holds when the previous flush is done (at least
// one: with less, the logger waits for it), so a slower flush means a bigger one.
// With steps (-workload) the rate follows them and the log ends after the last.
class LoggerFlushSizes final : public FlushSizeSource {
 public:
  LoggerFlushSizes(LoggerParams params, Clock::time_point start);
  std::optional<FlushRequest> next(Clock::time_point now) override;
  void flushed(Clock::time_point done, bool shipped) override;
  void standby_has(std::uint64_t bytes, Clock::time_point at) override;
  std::uint32_t max_pages() const override { return params_.buffer_pages; }
  std::optional<CommitWait> commit_wait() const override;
  std::vector<WorkloadStepTally> workload_steps() const override;

 private:
  // The step in force at `t`, its rate in bytes per second and when it ends;
  // past the last step the rate is 0 for good.
  struct Stretch {
    std::size_t step = 0;
    double bytes_per_second = 0;
    Clock::time_point end;
  };
  Stretch stretch_at(Clock::time_point t) const;
  void produce_until(Clock::time_point t);
  // When the buffer will hold a page, or nullopt when the log has ended first.
  std::optional<Clock::time_point> page_ready_at(Clock::time_point from) const;
  void tally_shipped(double bytes, Clock::time_point from, Clock::time_point to);

  LoggerParams params_;
  std::vector<Clock::time_point> step_ends_;
  std::vector<WorkloadStepTally> tallies_;
  double capacity_;
  double held_bytes_ = 0;
  Clock::time_point steps_start_;
  Clock::time_point produced_until_;
  Clock::time_point previous_cut_;
  Clock::time_point cut_;
  std::uint64_t cut_bytes_ = 0;
  double wait_byte_seconds_ = 0;
  double waited_bytes_ = 0;
  double max_wait_ = 0;
  double blocked_seconds_ = 0;
  double written_total_ = 0;
  double shipped_total_ = 0;
  // Flushes written out of peer state whose log the standby does not have
  // yet, oldest first: their bytes and when each was written.
  struct Unshipped {
    double bytes;
    Clock::time_point written;
  };
  std::deque<Unshipped> unshipped_;
  Clock::time_point last_heard_;
};

// The flush-size model the command line chose.
std::unique_ptr<FlushSizeSource> make_flush_sizes(const RunConfig& config, Clock::time_point start);

}  // namespace simhadr
