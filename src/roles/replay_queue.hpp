#pragma once
// -replay on a real standby: written flushes wait in the receive buffer until
// their modelled replay ends (one flush after the other, each taking
// overhead + bytes / rate), and only then give their pages back. Pure
// bookkeeping on a timeline; the standby does the waiting.
#include <cstdint>
#include <deque>
#include <optional>

#include "simhadr/clock.hpp"
#include "simhadr/measure/run_result.hpp"
#include "simhadr/models/disk_model.hpp"

namespace simhadr {

class ReplayQueue {
 public:
  explicit ReplayQueue(const std::optional<DiskParams>& model) {
    if (model) model_.emplace(*model);
  }
  bool modelled() const { return model_.has_value(); }

  // The flush that ends at page `end` (counted since the start) is wholly
  // written at `now`: its replay begins when the one before it ends.
  void flush_written(Clock::time_point now, std::uint64_t end, IoTally& replays) {
    const auto pages = static_cast<std::uint32_t>(end - last_end_);
    last_end_ = end;
    const std::uint64_t bytes = pages_to_bytes(pages);
    const Nanos time = model_->io_time(bytes);
    free_at_ = std::max(now, free_at_) + time;
    pending_.push_back({free_at_, pages});
    replays.add(bytes, time);
  }
  // The pages whose replay has ended by `now`.
  std::uint32_t take_replayed(Clock::time_point now) {
    std::uint32_t pages = 0;
    while (!pending_.empty() && pending_.front().done <= now) {
      pages += pending_.front().pages;
      pending_.pop_front();
    }
    return pages;
  }
  std::optional<Clock::time_point> next_done() const {
    if (pending_.empty()) return std::nullopt;
    return pending_.front().done;
  }

 private:
  struct Pending {
    Clock::time_point done;
    std::uint32_t pages;
  };
  std::optional<LinearDisk> model_;
  std::deque<Pending> pending_;
  Clock::time_point free_at_{};
  std::uint64_t last_end_ = 0;
};

}  // namespace simhadr
