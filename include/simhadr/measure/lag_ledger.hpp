#pragma once
// How far an auxiliary standby is behind, kept the same way for a real feed
// and a modelled one: the flushes the primary has written, in order, each
// until the auxiliary's TCP has acknowledged all of it. Times are since any
// fixed origin. A flush holds the log gathered since the one before it, so
// the age of what is behind runs from the write before its oldest flush.
#include <algorithm>
#include <cstdint>
#include <deque>
#include <optional>

#include "simhadr/measure/run_result.hpp"

namespace simhadr {

class LagLedger {
 public:
  // `origin`, when known, is when the log began: the first flush's gathered since then.
  explicit LagLedger(std::optional<Nanos> origin = std::nullopt) : last_write_(origin) {}
  void written(std::uint64_t bytes, Nanos at) {
    written_ += bytes;
    // Flushes written at one instant (a logger cutting what gathered in an
    // outage) hold log gathered since the write before all of them.
    const Nanos gathered_from = last_write_ == at ? last_gathered_from_ : last_write_.value_or(at);
    behind_.push_back({written_, at, gathered_from});
    last_write_ = at;
    last_gathered_from_ = gathered_from;
  }
  // `handed` bytes in all went to the socket; `queued` of them await acknowledgement.
  void progress(std::uint64_t handed, std::uint64_t queued) {
    queued_ = std::min(queued, handed);
    const std::uint64_t acknowledged = handed - queued_;
    while (!behind_.empty() && behind_.front().end <= acknowledged) behind_.pop_front();
    acknowledged_ = acknowledged;
  }
  // The lag at `now`, of what had been written by then: a reading of the
  // acknowledgements taken at `now` and noted late is never set against writes
  // that came after it.
  StandbyLag lag(Nanos now) const {
    auto last = behind_.rbegin();
    while (last != behind_.rend() && last->at > now) ++last;
    if (last == behind_.rend()) return StandbyLag{0, 0, Nanos{0}, 0};
    const auto flushes = static_cast<std::uint64_t>(behind_.rend() - last);
    const std::uint64_t bytes = last->end - acknowledged_;
    return StandbyLag{bytes, flushes, std::max(Nanos{0}, now - behind_.front().gathered_from),
                      std::min(queued_, bytes)};
  }

 private:
  struct Flush {
    std::uint64_t end;  // offset just past it, in the log written since the start
    Nanos at;
    Nanos gathered_from;  // the write before it: its log gathered since then
  };
  std::deque<Flush> behind_;  // written, not yet wholly acknowledged
  std::optional<Nanos> last_write_;
  Nanos last_gathered_from_{};
  std::uint64_t written_ = 0;
  std::uint64_t acknowledged_ = 0;
  std::uint64_t queued_ = 0;
};

}  // namespace simhadr
