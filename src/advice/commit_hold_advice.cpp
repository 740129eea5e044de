#include "simhadr/advice/commit_hold_advice.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "simhadr/advice/diagnosis.hpp"
#include "simhadr/pipeline/hadr_states.hpp"

namespace simhadr {

std::optional<double> hold_allowed_seconds(const CommitHoldAsk& ask) {
  return longest_hold_seconds(ask.mode, ask.hadr_timeout_seconds, ask.peer_wait_limit_seconds,
                              ask.peer_window_seconds);
}

CommitHoldAdvice advise_commit_hold(const CommitHoldAsk& ask) {
  CommitHoldAdvice advice;
  if (ask.mode == SyncMode::SuperAsync) return advice;
  advice.allowed_seconds = hold_allowed_seconds(ask);
  // IBM's least wait limit keeps a standby that is only slow from breaking the pair; what is
  // left of the site's bound goes to the peer window, which holds commits but risks no log.
  if (keeps_peer_window(ask.mode)) {
    advice.wait_limit_seconds = std::min(kLeastPeerWaitLimitSeconds, ask.max_hold_seconds);
    if (ask.max_hold_seconds > *advice.wait_limit_seconds) {
      advice.window_seconds = ask.max_hold_seconds - *advice.wait_limit_seconds;
    }
  } else {
    advice.wait_limit_seconds = ask.max_hold_seconds;
  }
  if (ask.outage_seconds && *ask.outage_seconds > ask.max_hold_seconds) {
    const double alone =
        ask.makes_up_held_log ? *ask.outage_seconds : *ask.outage_seconds - ask.max_hold_seconds;
    advice.bytes_at_risk = ask.log_bytes_per_sec * alone;
  } else if (ask.outage_seconds) {
    advice.bytes_at_risk = 0;
  }
  return advice;
}

std::string commit_hold_advice_text(const CommitHoldAsk& ask, const CommitHoldAdvice& advice) {
  const std::string bound = fmt::format("-maxCommitHold {:g} s", ask.max_hold_seconds);
  if (!advice.wait_limit_seconds) {
    return fmt::format(
        "Commit hold limit: {}: SUPERASYNC holds no commit for the standby; "
        "nothing to set.",
        bound);
  }
  const std::string now =
      advice.allowed_seconds
          ? fmt::format("the settings given hold one up to {:g} s ({})", *advice.allowed_seconds,
                        *advice.allowed_seconds <= ask.max_hold_seconds ? "within it" : "beyond it")
          : std::string("the settings given hold one for as long as the link is down");
  std::string set = fmt::format("-peerWaitLimit {:g} (DB2_HADR_PEER_WAIT_LIMIT) keeps within it",
                                *advice.wait_limit_seconds);
  if (advice.window_seconds) {
    set = fmt::format(
        "-peerWaitLimit {:g} -peerWindow {:g} (DB2_HADR_PEER_WAIT_LIMIT, HADR_PEER_WINDOW) keep "
        "within it: {:g} s to give up on the standby, then {:g} s in disconnected peer",
        *advice.wait_limit_seconds, *advice.window_seconds, *advice.wait_limit_seconds,
        *advice.window_seconds);
  } else if (ask.mode == SyncMode::Async) {
    set += ", once the send buffer is full; ASYNC has no peer window";
  } else {
    set += fmt::format(
        ", with no peer window: a bound within IBM's least wait limit ({:g} s) leaves none",
        kLeastPeerWaitLimitSeconds);
  }
  std::string risk = fmt::format(
      "; an outage longer than {:g} s then has the primary commit alone, {:.3f} MB of log at "
      "risk each further second{}",
      ask.max_hold_seconds, ask.log_bytes_per_sec * 1e-6,
      ask.makes_up_held_log ? ", and -target's pace commits what the hold kept back at once" : "");
  if (advice.bytes_at_risk) {
    risk += fmt::format(" ({:.3f} MB at the end of this run's -netOutage {:g} s)",
                        *advice.bytes_at_risk * 1e-6, *ask.outage_seconds);
  }
  return fmt::format("Commit hold limit: {}: {}; {}{}.", bound, now, set, risk);
}

}  // namespace simhadr
