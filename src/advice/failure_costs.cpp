#include "simhadr/advice/failure_costs.hpp"

#include <fmt/format.h>

#include "simhadr/pipeline/hadr_states.hpp"

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

// The longest a failed link holds a commit (longest_hold_seconds), and which
// settings in the samples make it so.
DiagnosedCommitHold commit_hold_of(const HadrSample& s) {
  const std::optional<SyncMode> mode = parse_sync_mode(s.sync_mode);
  if (!mode)
    return {std::nullopt, fmt::format("the sync mode {} is not one of Db2's", s.sync_mode)};
  if (*mode == SyncMode::SuperAsync) {
    return {0.0, "SUPERASYNC's commits never wait for the standby"};
  }
  if (!s.hadr_timeout) return {std::nullopt, "HADR_TIMEOUT is not in the samples"};
  const bool window = keeps_peer_window(*mode);
  if (window && !s.peer_window) {
    return {std::nullopt, "HADR_PEER_WINDOW is not in the samples"};
  }
  const double limit = s.peer_wait_limit.value_or(0);
  std::string why = limit > 0 && limit < *s.hadr_timeout
                        ? fmt::format("DB2_HADR_PEER_WAIT_LIMIT {}", seconds_text(limit))
                        : fmt::format("HADR_TIMEOUT {}", seconds_text(*s.hadr_timeout));
  if (!s.peer_wait_limit) {
    why += " (DB2_HADR_PEER_WAIT_LIMIT is not in the samples: a shorter one would cut it)";
  }
  if (window && *s.peer_window > 0) {
    why += fmt::format(", then HADR_PEER_WINDOW {} in disconnected peer",
                       seconds_text(*s.peer_window));
  } else if (*mode == SyncMode::Async) {
    why += ", once the send buffer is full; ASYNC has no peer window";
  }
  return {longest_hold_seconds(*mode, *s.hadr_timeout, limit, s.peer_window.value_or(0)), why};
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
