#include "simhadr/pipeline/replay_queue.hpp"

#include <algorithm>

namespace simhadr {

ReplayQueue::ReplayQueue(const std::optional<DiskParams>& model, std::uint64_t spool_limit_pages,
                         Nanos replay_delay)
    : replay_delay_(replay_delay) {
  takeover_.replay_delay = replay_delay;
  if (model) model_.emplace(*model);
  if (model && spool_limit_pages > 0) spool_.emplace(spool_limit_pages);
}

void ReplayQueue::finish(Nanos at) {
  if (spool_) spool_->finish(at);
  takeover_.at_end = takeover_at(at);
}

Nanos ReplayQueue::flush_written(Nanos at, std::uint64_t end, IoTally& replays) {
  const auto pages = static_cast<std::uint32_t>(end - last_end_);
  last_end_ = end;
  const std::uint64_t bytes = pages_to_bytes(pages);
  const Nanos time = model_->io_time(bytes);
  // -replayDelay: a flush's replay waits that long after it is written.
  free_at_ = std::max(at + replay_delay_, free_at_) + time;
  bytes_written_ += bytes;
  replay_written_ += time;
  pending_.push_back({free_at_, at, pages, time, bytes_written_, replay_written_});
  replays.add(bytes, time);
  takeover_.note(takeover_at(at), at);
  return free_at_;
}

std::uint32_t ReplayQueue::take_replayed(Nanos now) {
  std::uint32_t pages = 0;
  while (!pending_.empty() && pending_.front().done <= now) {
    const Pending& replayed = pending_.front();
    if (spooled_ > 0) {
      spool_->replayed(replayed.done, pages_to_bytes(replayed.pages));
      --spooled_;
    } else {
      pages += replayed.pages;
    }
    pending_.pop_front();
  }
  return pages;
}

std::uint32_t ReplayQueue::spool(std::uint32_t wanted, Nanos now) {
  std::uint32_t pages = 0;
  if (!spool_) return pages;
  while (pages < wanted && spooled_ < pending_.size()) {
    const std::uint32_t next = pending_[spooled_].pages;
    if (!spool_->has_room_for(pages_to_bytes(next))) break;
    spool_->spooled(now, pages_to_bytes(next));
    ++spooled_;
    pages += next;
  }
  return pages;
}

std::optional<Nanos> ReplayQueue::next_done() const {
  if (pending_.empty()) return std::nullopt;
  return pending_.front().done;
}

TakeoverBacklog ReplayQueue::takeover_at(Nanos at) const {
  // Replay ends in the order flushes were written: those not done by `at` are the last ones.
  const auto first = std::ranges::upper_bound(pending_, at, {}, &Pending::done);
  if (first == pending_.end()) return {};
  const Pending& last = pending_.back();
  TakeoverBacklog backlog{last.bytes_through - first->bytes_through + pages_to_bytes(first->pages),
                          last.replay_through - first->replay_through + first->replay,
                          at - first->written};
  // The oldest may be under way: only what is left of it counts.
  const Nanos started = first->done - first->replay;
  if (started < at) backlog.replay -= at - started;
  return backlog;
}

IoTally ReplayQueue::awaiting(Nanos at) const {
  IoTally awaiting;
  for (const Pending& flush : pending_) {
    if (flush.done > at) awaiting.add(pages_to_bytes(flush.pages));
  }
  return awaiting;
}

}  // namespace simhadr
