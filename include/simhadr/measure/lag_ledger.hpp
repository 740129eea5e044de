#pragma once
// How far an auxiliary standby is behind, kept the same way for a real feed
// and a modelled one: the flushes the primary has written, in order, each
// until the auxiliary's TCP has acknowledged all of it. Times are since any
// fixed origin.
#include <algorithm>
#include <cstdint>
#include <deque>

#include "simhadr/measure/run_result.hpp"

namespace simhadr {

class LagLedger {
 public:
  void written(std::uint64_t bytes, Nanos at) {
    written_ += bytes;
    behind_.push_back({written_, at});
  }
  // `handed` bytes in all went to the socket; `queued` of them await acknowledgement.
  void progress(std::uint64_t handed, std::uint64_t queued) {
    queued_ = std::min(queued, handed);
    const std::uint64_t acknowledged = handed - queued_;
    while (!behind_.empty() && behind_.front().end <= acknowledged) behind_.pop_front();
    acknowledged_ = acknowledged;
  }
  StandbyLag lag(Nanos now) const {
    StandbyLag lag{written_ - acknowledged_, behind_.size(), Nanos{0}, queued_};
    if (!behind_.empty()) lag.log_age = std::max(Nanos{0}, now - behind_.front().at);
    return lag;
  }

 private:
  struct Flush {
    std::uint64_t end;  // offset just past it, in the log written since the start
    Nanos at;
  };
  std::deque<Flush> behind_;  // written, not yet wholly acknowledged
  std::uint64_t written_ = 0;
  std::uint64_t acknowledged_ = 0;
  std::uint64_t queued_ = 0;
};

}  // namespace simhadr
