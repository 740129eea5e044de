#include <algorithm>
#include <cmath>

#include "simhadr/models/flush_size.hpp"

namespace simhadr {

ListedFlushSizes::ListedFlushSizes(const FlushSizeList& list)
    : pages_(list.pages), max_(std::ranges::max(list.pages)) {
  if (!list.weights.empty()) weighted_.emplace(list.weights.begin(), list.weights.end());
}

std::optional<FlushRequest> ListedFlushSizes::next(Clock::time_point now) {
  if (weighted_) return FlushRequest{pages_[(*weighted_)(random_)], now};
  const std::uint32_t pages = pages_[next_];
  next_ = (next_ + 1) % pages_.size();
  return FlushRequest{pages, now};
}

LoggerFlushSizes::LoggerFlushSizes(LoggerParams params, Clock::time_point start)
    : params_(std::move(params)),
      capacity_(static_cast<double>(pages_to_bytes(params_.buffer_pages))),
      steps_start_(start),
      produced_until_(start),
      previous_cut_(start),
      cut_(start) {
  Clock::time_point end = start;
  for (const RateStep& step : params_.steps) {
    end += step.duration;
    step_ends_.push_back(end);
    tallies_.push_back({step.label});
  }
}

LoggerFlushSizes::Stretch LoggerFlushSizes::stretch_at(Clock::time_point t) const {
  if (params_.steps.empty()) {
    return {0, params_.rate.bytes_per_sec(), Clock::time_point::max()};
  }
  const auto ends = std::ranges::upper_bound(step_ends_, t);
  if (ends == step_ends_.end()) return {params_.steps.size(), 0.0, Clock::time_point::max()};
  const auto step = static_cast<std::size_t>(ends - step_ends_.begin());
  return {step, params_.steps[step].rate.bytes_per_sec(), *ends};
}

void LoggerFlushSizes::produce_until(Clock::time_point t) {
  while (produced_until_ < t) {
    const Stretch stretch = stretch_at(produced_until_);
    const Clock::time_point piece_end = std::min(t, stretch.end);
    const double seconds = to_seconds(piece_end - produced_until_);
    const double offered = stretch.bytes_per_second * seconds;
    const double room = capacity_ - held_bytes_;
    const double written = std::min(offered, room);
    const double blocked = offered > room ? (offered - room) / stretch.bytes_per_second : 0.0;
    held_bytes_ += written;
    blocked_seconds_ += blocked;
    if (stretch.step < tallies_.size()) {
      WorkloadStepTally& tally = tallies_[stretch.step];
      if (tally.seconds == 0) tally.backlog_at_start = written_total_ - shipped_total_;
      tally.backlog_at_end = written_total_ + written - shipped_total_;
      tally.seconds += seconds;
      tally.offered_bytes += offered;
      tally.written_bytes += written;
      tally.blocked_seconds += blocked;
    }
    written_total_ += written;
    produced_until_ = piece_end;
  }
}

std::optional<Clock::time_point> LoggerFlushSizes::page_ready_at(Clock::time_point from) const {
  double needed = static_cast<double>(kPageBytes) - held_bytes_;
  Clock::time_point t = from;
  while (true) {
    const Stretch stretch = stretch_at(t);
    // Past the last step, or a steady rate of nothing: no page will come.
    if (stretch.end == Clock::time_point::max() && stretch.bytes_per_second <= 0) {
      return std::nullopt;
    }
    if (stretch.bytes_per_second > 0) {
      // Rounded up to the nanosecond, so the page is surely there then.
      const Clock::time_point ready =
          t + Nanos{static_cast<Nanos::rep>(
                  std::ceil(std::max(needed, 0.0) / stretch.bytes_per_second * 1e9))};
      if (ready <= stretch.end) return ready;
      needed -= stretch.bytes_per_second * to_seconds(stretch.end - t);
    }
    t = stretch.end;
  }
}

std::optional<FlushRequest> LoggerFlushSizes::next(Clock::time_point now) {
  Clock::time_point start = now;
  produce_until(start);
  const auto page = static_cast<double>(kPageBytes);
  if (held_bytes_ < page) {
    const std::optional<Clock::time_point> ready = page_ready_at(start);
    if (!ready) return std::nullopt;
    start = *ready;
    produce_until(start);
  }
  // At least the page waited for, whatever the last bit of rounding says.
  const auto pages =
      std::max<std::uint32_t>(1, static_cast<std::uint32_t>(std::min<double>(
                                     std::floor(held_bytes_ / page), params_.buffer_pages)));
  held_bytes_ = std::max(0.0, held_bytes_ - static_cast<double>(pages_to_bytes(pages)));
  previous_cut_ = cut_;
  cut_ = start;
  cut_bytes_ = pages_to_bytes(pages);
  return FlushRequest{pages, start};
}

void LoggerFlushSizes::flushed(Clock::time_point done, bool shipped) {
  produce_until(done);
  // The flush's log was written evenly between the previous cut and this one.
  const double newest = to_seconds(done - cut_);
  const double oldest = to_seconds(done - previous_cut_);
  const auto bytes = static_cast<double>(cut_bytes_);
  wait_byte_seconds_ += bytes * (newest + oldest) / 2;
  waited_bytes_ += bytes;
  max_wait_ = std::max(max_wait_, oldest);
  if (shipped && unshipped_.empty()) {
    shipped_total_ += bytes;
    tally_shipped(bytes, cut_, done);
  } else {
    unshipped_.push_back({bytes, done});
  }
  // A flush that ends as a step ends counts for that step.
  const auto step =
      static_cast<std::size_t>(std::ranges::lower_bound(step_ends_, done) - step_ends_.begin());
  if (step < tallies_.size()) {
    WorkloadStepTally& tally = tallies_[step];
    tally.largest_flush_bytes = std::max(tally.largest_flush_bytes, bytes);
    tally.longest_flush_seconds = std::max(tally.longest_flush_seconds, newest);
    tally.backlog_at_end = written_total_ - shipped_total_;
  }
}

// A catch-up's log crosses over the time since the standby was last heard
// from, each flush's no earlier than it was written.
void LoggerFlushSizes::standby_has(std::uint64_t bytes, Clock::time_point at) {
  while (!unshipped_.empty() &&
         static_cast<double>(bytes) >= shipped_total_ + unshipped_.front().bytes) {
    const Unshipped flush = unshipped_.front();
    unshipped_.pop_front();
    shipped_total_ += flush.bytes;
    tally_shipped(flush.bytes, std::max(last_heard_, flush.written), at);
  }
  last_heard_ = at;
}

// A flush ships over the whole time from its cut to its end: each step it spans
// has the share of its bytes that its part of that time carried. A step is
// never credited with a whole flush that mostly crossed the wire before it.
void LoggerFlushSizes::tally_shipped(double bytes, Clock::time_point from, Clock::time_point to) {
  if (to <= from) {
    const auto step =
        static_cast<std::size_t>(std::ranges::lower_bound(step_ends_, to) - step_ends_.begin());
    if (step < tallies_.size()) tallies_[step].shipped_bytes += bytes;
    return;
  }
  const double span = to_seconds(to - from);
  Clock::time_point step_start = steps_start_;
  for (std::size_t step = 0; step < step_ends_.size() && step_start < to; ++step) {
    const Clock::time_point begin = std::max(from, step_start);
    const Clock::time_point end = std::min(to, step_ends_[step]);
    if (end > begin) tallies_[step].shipped_bytes += bytes * to_seconds(end - begin) / span;
    step_start = step_ends_[step];
  }
}

std::vector<WorkloadStepTally> LoggerFlushSizes::workload_steps() const {
  return tallies_;
}

std::optional<CommitWait> LoggerFlushSizes::commit_wait() const {
  return CommitWait{waited_bytes_ > 0 ? wait_byte_seconds_ / waited_bytes_ : 0.0, max_wait_,
                    blocked_seconds_, waited_bytes_};
}

std::unique_ptr<FlushSizeSource> make_flush_sizes(const RunConfig& config,
                                                  Clock::time_point start) {
  if (config.logger) return std::make_unique<LoggerFlushSizes>(*config.logger, start);
  if (config.flush_size_list) return std::make_unique<ListedFlushSizes>(*config.flush_size_list);
  return std::make_unique<FixedFlushSize>(config.effective_flush_pages());
}

}  // namespace simhadr
