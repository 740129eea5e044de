#include <algorithm>
#include <cmath>

#include "simhadr/models/flush_size.hpp"

namespace simhadr {

ListedFlushSizes::ListedFlushSizes(const FlushSizeList& list)
    : pages_(list.pages), max_(std::ranges::max(list.pages)) {
  if (!list.weights.empty()) weighted_.emplace(list.weights.begin(), list.weights.end());
}

FlushRequest ListedFlushSizes::next(Clock::time_point now) {
  if (weighted_) return {pages_[(*weighted_)(random_)], now};
  const std::uint32_t pages = pages_[next_];
  next_ = (next_ + 1) % pages_.size();
  return {pages, now};
}

LoggerFlushSizes::LoggerFlushSizes(LoggerParams params, Clock::time_point start)
    : params_(params),
      bytes_per_second_(params.mbytes_per_sec * kBytesPerMByte),
      capacity_(static_cast<double>(pages_to_bytes(params.buffer_pages))),
      produced_until_(start),
      previous_cut_(start),
      cut_(start) {}

void LoggerFlushSizes::produce_until(Clock::time_point t) {
  if (t <= produced_until_) return;
  const double seconds = to_seconds(t - produced_until_);
  const double produced = held_bytes_ + bytes_per_second_ * seconds;
  if (produced > capacity_) {
    blocked_seconds_ += (produced - capacity_) / bytes_per_second_;
    held_bytes_ = capacity_;
  } else {
    held_bytes_ = produced;
  }
  produced_until_ = t;
}

FlushRequest LoggerFlushSizes::next(Clock::time_point now) {
  Clock::time_point start = now;
  produce_until(start);
  const auto page = static_cast<double>(kPageBytes);
  if (held_bytes_ < page) {
    // Rounded up to the nanosecond, so the page is surely there then.
    start +=
        Nanos{static_cast<Nanos::rep>(std::ceil((page - held_bytes_) / bytes_per_second_ * 1e9))};
    produce_until(start);
  }
  const auto pages = static_cast<std::uint32_t>(
      std::min<double>(std::floor(held_bytes_ / page), params_.buffer_pages));
  held_bytes_ -= static_cast<double>(pages_to_bytes(pages));
  previous_cut_ = cut_;
  cut_ = start;
  cut_bytes_ = pages_to_bytes(pages);
  return {pages, start};
}

void LoggerFlushSizes::flushed(Clock::time_point done) {
  // The flush's log was written evenly between the previous cut and this one.
  const double newest = to_seconds(done - cut_);
  const double oldest = to_seconds(done - previous_cut_);
  const auto bytes = static_cast<double>(cut_bytes_);
  wait_byte_seconds_ += bytes * (newest + oldest) / 2;
  waited_bytes_ += bytes;
  max_wait_ = std::max(max_wait_, oldest);
}

std::optional<CommitWait> LoggerFlushSizes::commit_wait() const {
  return CommitWait{waited_bytes_ > 0 ? wait_byte_seconds_ / waited_bytes_ : 0.0, max_wait_,
                    blocked_seconds_};
}

std::unique_ptr<FlushSizeSource> make_flush_sizes(const RunConfig& config,
                                                  Clock::time_point start) {
  if (config.logger) return std::make_unique<LoggerFlushSizes>(*config.logger, start);
  if (config.flush_size_list) return std::make_unique<ListedFlushSizes>(*config.flush_size_list);
  return std::make_unique<FixedFlushSize>(config.effective_flush_pages());
}

}  // namespace simhadr
