#pragma once
// -replay on a real standby: written flushes wait in the receive buffer until
// their modelled replay ends (one flush after the other, each taking
// overhead + bytes / rate), and only then give their pages back, unless
// -spoolLimit lets them move to the spool first. Pure bookkeeping on a
// timeline; the standby does the waiting.
#include <cstdint>
#include <deque>
#include <optional>

#include "simhadr/clock.hpp"
#include "simhadr/measure/run_result.hpp"
#include "simhadr/models/disk_model.hpp"

namespace simhadr {

class ReplayQueue {
 public:
  // A spool limit of 0 spools nothing.
  explicit ReplayQueue(const std::optional<DiskParams>& model,
                       std::uint64_t spool_limit_pages = 0) {
    if (model) model_.emplace(*model);
    if (model && spool_limit_pages > 0) spool_.emplace(spool_limit_pages);
  }
  bool modelled() const { return model_.has_value(); }
  // The spool's times count from here.
  void start(Clock::time_point at) { start_ = at; }
  const std::optional<SpoolUse>& spool_use() const { return spool_; }
  void finish(Clock::time_point now) {
    if (spool_) spool_->finish(now - start_);
  }

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
  // The buffer pages whose replay has ended by `now` (a spooled flush's
  // pages were given back when it was spooled; it leaves the spool now).
  std::uint32_t take_replayed(Clock::time_point now) {
    std::uint32_t pages = 0;
    while (!pending_.empty() && pending_.front().done <= now) {
      const Pending& replayed = pending_.front();
      if (spooled_ > 0) {
        spool_->replayed(replayed.done - start_, pages_to_bytes(replayed.pages));
        --spooled_;
      } else {
        pages += replayed.pages;
      }
      pending_.pop_front();
    }
    return pages;
  }
  // Moves the oldest flushes awaiting replay to the spool while it has room,
  // until `wanted` pages are given back; returns the pages given back.
  std::uint32_t spool(std::uint32_t wanted, Clock::time_point now) {
    std::uint32_t pages = 0;
    if (!spool_) return pages;
    while (pages < wanted && spooled_ < pending_.size()) {
      const std::uint32_t next = pending_[spooled_].pages;
      if (!spool_->has_room_for(pages_to_bytes(next))) break;
      spool_->spooled(now - start_, pages_to_bytes(next));
      ++spooled_;
      pages += next;
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
  std::optional<SpoolUse> spool_;
  Clock::time_point start_{};
  std::deque<Pending> pending_;
  // Spooling takes the oldest and replay ends the oldest, so the spooled
  // flushes are always the first this many of pending_.
  std::size_t spooled_ = 0;
  Clock::time_point free_at_{};
  std::uint64_t last_end_ = 0;
};

}  // namespace simhadr
