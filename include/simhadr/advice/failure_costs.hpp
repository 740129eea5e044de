#pragma once
// What a failure would cost a running pair, from its samples and the settings
// they show (docs/guide/failure-costs.md): how long a takeover would replay
// (the standby's received, not replayed log over the replay rate the samples
// show) and the longest its commits may be held when the link fails
// (HADR_TIMEOUT or DB2_HADR_PEER_WAIT_LIMIT, then HADR_PEER_WINDOW).
#include <optional>
#include <string>

#include "simhadr/monitor/channel.hpp"

namespace simhadr {

struct DiagnosedTakeover {
  double replay_rate = 0;  // bytes a second, over the samples
  std::int64_t last_bytes = 0;
  std::int64_t worst_bytes = 0;
  std::string worst_at;                     // the sample's time, as the table shows it
  std::optional<double> detection_seconds;  // HADR_TIMEOUT
  double last_seconds() const { return static_cast<double>(last_bytes) / replay_rate; }
  double worst_seconds() const { return static_cast<double>(worst_bytes) / replay_rate; }
};

struct DiagnosedCommitHold {
  std::optional<double> seconds;  // none: a setting it needs is not in the samples
  std::string why;
};

struct FailureCostsDiagnosis {
  std::optional<DiagnosedTakeover> takeover;       // none: no replay rate or gap in the samples
  std::optional<DiagnosedCommitHold> commit_hold;  // none: no sync mode in the samples
};

FailureCostsDiagnosis failure_costs_of(const Channel& channel);

}  // namespace simhadr
