#include "simhadr/advice/failure_costs.hpp"

#include <fmt/format.h>

namespace simhadr {

namespace {

std::optional<DiagnosedTakeover> takeover_of(const Channel& channel) {
  const std::optional<double> rate = channel.summary.replay_rate;
  if (!rate || *rate <= 0) return std::nullopt;
  std::optional<DiagnosedTakeover> takeover;
  for (const ChannelRow& row : channel.rows) {
    if (!row.receive_replay_gap) continue;
    if (!takeover) takeover.emplace().replay_rate = *rate;
    takeover->last_bytes = std::max<std::int64_t>(*row.receive_replay_gap, 0);
    if (takeover->last_bytes >= takeover->worst_bytes) {
      takeover->worst_bytes = takeover->last_bytes;
      takeover->worst_at = seen_at(row.standby_view());
    }
  }
  if (takeover) takeover->detection_seconds = channel.lead().back().hadr_timeout;
  return takeover;
}

std::string seconds_text(double seconds) {
  return fmt::format("{:g} s", seconds);
}

// The longest a failed link holds a commit: until the pair gives up on the
// standby (the first of the wait limit and the timeout), then the peer window.
DiagnosedCommitHold commit_hold_of(const HadrSample& s) {
  if (s.sync_mode == "SUPERASYNC") return {0.0, "SUPERASYNC's commits never wait for the standby"};
  if (!s.hadr_timeout) return {std::nullopt, "HADR_TIMEOUT is not in the samples"};
  double detect = *s.hadr_timeout;
  std::string why = fmt::format("HADR_TIMEOUT {}", seconds_text(*s.hadr_timeout));
  if (s.peer_wait_limit && *s.peer_wait_limit > 0 && *s.peer_wait_limit < detect) {
    detect = *s.peer_wait_limit;
    why = fmt::format("DB2_HADR_PEER_WAIT_LIMIT {}", seconds_text(*s.peer_wait_limit));
  } else if (!s.peer_wait_limit) {
    why += " (DB2_HADR_PEER_WAIT_LIMIT is not in the samples: a shorter one would cut it)";
  }
  const bool window_counts = s.sync_mode == "SYNC" || s.sync_mode == "NEARSYNC";
  if (!window_counts) {
    return {detect, why + (s.sync_mode == "ASYNC"
                               ? ", once the send buffer is full; ASYNC has no peer window"
                               : "")};
  }
  if (!s.peer_window) {
    return {std::nullopt, why + ", then HADR_PEER_WINDOW, which is not in the samples"};
  }
  if (*s.peer_window > 0) {
    why += fmt::format(", then HADR_PEER_WINDOW {} in disconnected peer",
                       seconds_text(*s.peer_window));
  }
  return {detect + *s.peer_window, why};
}

}  // namespace

FailureCostsDiagnosis failure_costs_of(const Channel& channel) {
  FailureCostsDiagnosis costs;
  costs.takeover = takeover_of(channel);
  const HadrSample& last = channel.lead().back();
  if (!last.sync_mode.empty()) costs.commit_hold = commit_hold_of(last);
  return costs;
}

}  // namespace simhadr
