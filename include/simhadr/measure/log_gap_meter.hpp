#pragma once
// Keeps the log gap (log_gap.hpp) as a run goes: real and modelled runs feed
// it alike, with what is written and what the standby's TCP acknowledged.
// Times are since the start of the run.
#include <cstdint>
#include <optional>

#include "simhadr/measure/lag_ledger.hpp"
#include "simhadr/measure/log_gap.hpp"

namespace simhadr {

class LogGapMeter {
 public:
  // `total` bytes of log written so far, in flushes (a gap that lacks only the
  // largest of them has caught up), or as a workload writes it, flushes or not.
  void written(std::uint64_t total, Nanos at, bool in_flushes = true);
  // `total` bytes of log acknowledged by `at`, read then. The gap is measured
  // here only: an acknowledgement read earlier is never set against later writes.
  void acknowledged(std::uint64_t total, Nanos at);
  // An acknowledgement lands at `at`, known to the instant (a modelled one):
  // the gap just before it is one the run had. A real run reads its
  // acknowledgements late, and calls acknowledged() alone.
  void before_acknowledgement(Nanos at) { note_worst(at); }
  // A stall ended at `at`; call before the acknowledgement that ended it.
  void stall_ended(Nanos at);
  LogGap gap() const { return gap_; }

 private:
  void check(Nanos at);
  StandbyLag note_worst(Nanos at);

  LagLedger ledger_{Nanos{0}};
  std::uint64_t written_ = 0;
  std::uint64_t acknowledged_ = 0;
  std::uint64_t largest_write_ = 0;
  std::uint64_t gap_at_last_progress_ = 0;
  struct CatchingUp {
    Nanos since;
    std::uint64_t back_to;
    std::uint64_t from;  // the gap when the stall ended
  };
  std::optional<CatchingUp> catching_up_;
  // The last catch-up that ended: a gap that widens past it again (a primary
  // out of peer state writing faster than the link carries) has not closed.
  std::optional<CatchingUp> caught_up_;
  LogGap gap_;
};

}  // namespace simhadr
