#pragma once
// Where the size of each log flush comes from, and when it may start: a
// fixed size, a list or histogram of sizes (-flushSizes), or a workload that
// fills a log buffer (-logRate, -logBufSize) like Db2's logger.
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <vector>

#include "simhadr/clock.hpp"
#include "simhadr/config.hpp"

namespace simhadr {

struct FlushRequest {
  std::uint32_t pages = 0;
  Clock::time_point start;  // not before this (a logger waits for a page of log)
};

// What a transaction committing into the log buffer waits for its flush.
struct CommitWait {
  double avg_seconds = 0;  // weighted by log bytes
  double max_seconds = 0;
  double blocked_seconds = 0;  // the workload stood still with the log buffer full
};

class FlushSizeSource {
 public:
  virtual ~FlushSizeSource() = default;
  virtual FlushRequest next(Clock::time_point now) = 0;
  // The flush handed out last has been written and shipped.
  virtual void flushed(Clock::time_point /*done*/) {}
  // The largest flush this source can produce, for sizing buffers once.
  virtual std::uint32_t max_pages() const = 0;
  // Only a workload-driven source knows what its transactions waited.
  virtual std::optional<CommitWait> commit_wait() const { return std::nullopt; }
  // True when sizes vary, so the report shows their distribution.
  virtual bool varies() const { return true; }
};

class FixedFlushSize final : public FlushSizeSource {
 public:
  explicit FixedFlushSize(std::uint32_t pages) : pages_(pages) {}
  FlushRequest next(Clock::time_point now) override { return {pages_, now}; }
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
  FlushRequest next(Clock::time_point now) override;
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
class LoggerFlushSizes final : public FlushSizeSource {
 public:
  LoggerFlushSizes(LoggerParams params, Clock::time_point start);
  FlushRequest next(Clock::time_point now) override;
  void flushed(Clock::time_point done) override;
  std::uint32_t max_pages() const override { return params_.buffer_pages; }
  std::optional<CommitWait> commit_wait() const override;

 private:
  void produce_until(Clock::time_point t);

  LoggerParams params_;
  double bytes_per_second_;
  double capacity_;
  double held_bytes_ = 0;
  Clock::time_point produced_until_;
  Clock::time_point previous_cut_;
  Clock::time_point cut_;
  std::uint64_t cut_bytes_ = 0;
  double wait_byte_seconds_ = 0;
  double waited_bytes_ = 0;
  double max_wait_ = 0;
  double blocked_seconds_ = 0;
};

// The flush-size model the command line chose.
std::unique_ptr<FlushSizeSource> make_flush_sizes(const RunConfig& config, Clock::time_point start);

}  // namespace simhadr
