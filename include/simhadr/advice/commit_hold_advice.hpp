#pragma once
// -maxCommitHold: the HADR settings that keep a failed link from holding
// commits longer than a site allows, and what they cost in data at risk
// (docs/guide/failure-costs.md). Pure arithmetic on the rules HadrStates
// follows: the primary gives up at the first of the wait limit and the
// timeout, then holds commits for the peer window (SYNC, NEARSYNC); from then
// on every second of the outage is log written alone, which a failover loses.
#include <optional>
#include <string>

#include "simhadr/sync_mode.hpp"

namespace simhadr {

struct CommitHoldAsk {
  SyncMode mode = SyncMode::NearSync;
  double max_hold_seconds = 0;  // -maxCommitHold
  // What the run was given (0: none): -hadrTimeout, -peerWaitLimit, -peerWindow.
  double hadr_timeout_seconds = 0;
  double peer_wait_limit_seconds = 0;
  double peer_window_seconds = 0;
  double log_bytes_per_sec = 0;  // the log a held-back primary would write
  // -target's pace: the log a hold kept back is written at once when it ends, so
  // at an outage's end all of its log is at risk, not only the part after the hold.
  bool makes_up_held_log = false;
  std::optional<double> outage_seconds;  // -netOutage, for the bytes at risk
};

struct CommitHoldAdvice {
  std::optional<double> allowed_seconds;     // the longest the given settings hold; none: no bound
  std::optional<double> wait_limit_seconds;  // what to set; none in SUPERASYNC
  std::optional<double> window_seconds;      // SYNC and NEARSYNC only
  std::optional<double> bytes_at_risk;       // for -netOutage, with the advised settings
};

// The longest the settings hold a commit when the link fails (none: as long as
// it is down): the first of the wait limit and the timeout, then the peer
// window in SYNC and NEARSYNC; SUPERASYNC holds none.
std::optional<double> hold_allowed_seconds(const CommitHoldAsk& ask);

CommitHoldAdvice advise_commit_hold(const CommitHoldAsk& ask);
// The report's line: "Commit hold limit: ...".
std::string commit_hold_advice_text(const CommitHoldAsk& ask, const CommitHoldAdvice& advice);

}  // namespace simhadr
