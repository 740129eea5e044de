#pragma once
// The primary's HADR states through a failure of the standby's link, as Db2
// moves through them (docs/guide/failure-costs.md). In peer state a flush's log
// waits on the standby; the primary gives up on it at the first of
// -peerWaitLimit (DB2_HADR_PEER_WAIT_LIMIT: logging blocked on the standby
// that long; SUPERASYNC's never is) and -hadrTimeout (HADR_TIMEOUT: nothing
// heard from it that long). It then holds commits in disconnected peer for
// -peerWindow (HADR_PEER_WINDOW, SYNC and NEARSYNC only; Db2 ignores it in
// the other modes), goes on alone in remote catch-up pending, ships what it
// wrote meanwhile in remote catch-up once the standby is back, and is in
// peer again once the standby has it all. SUPERASYNC is never in peer state:
// its place is remote catch-up.
#include <optional>
#include <vector>

#include "simhadr/measure/failure_record.hpp"
#include "simhadr/sync_mode.hpp"
#include "simhadr/units.hpp"

namespace simhadr {

// Each is off at 0; Db2's defaults are 120 s, 0 and 0.
struct FailureSettings {
  Nanos hadr_timeout{};
  Nanos peer_wait_limit{};
  Nanos peer_window{};
};

// The longest a failed link holds a commit under these settings, in seconds
// (none: for as long as it is down): until the first of the wait limit and the
// timeout, then the peer window where the mode keeps one; SUPERASYNC holds none.
// Each setting is off at 0.
std::optional<double> longest_hold_seconds(SyncMode mode, double hadr_timeout,
                                           double peer_wait_limit, double peer_window);

class HadrStates {
 public:
  HadrStates(SyncMode mode, FailureSettings settings);

  HadrState state() const { return state_; }
  // The mode's own shipping: peer state, or SUPERASYNC's remote catch-up.
  bool connected() const { return state_ == connected_state_; }
  // Commits wait for the standby in this mode at all.
  bool commits_wait() const { return mode_ != SyncMode::SuperAsync; }
  // When the primary gives up on the standby: a wait for it that began at
  // `blocked_since` (none: not waiting), with nothing heard since `silent_since`.
  // Out of peer state only the timeout ends a connection (remote catch-up's).
  std::optional<Nanos> gives_up_at(std::optional<Nanos> blocked_since,
                                   std::optional<Nanos> silent_since) const;
  // Which of the two gave up at `now`.
  StateCause why_given_up(Nanos now, std::optional<Nanos> silent_since) const;
  // The primary gave up at `now`: disconnected peer (the window's end returned)
  // or remote catch-up pending.
  std::optional<Nanos> lost(Nanos now, StateCause why);
  void window_ended(Nanos now);
  void standby_back(Nanos now);
  void caught_up(Nanos now);

  std::optional<Nanos> window_end() const { return window_end_; }
  const std::vector<StateChange>& changes() const { return changes_; }

 private:
  void change(Nanos now, HadrState to, StateCause why);

  SyncMode mode_;
  FailureSettings settings_;
  HadrState connected_state_;
  HadrState state_;
  std::optional<Nanos> window_end_;
  std::vector<StateChange> changes_;
};

}  // namespace simhadr
