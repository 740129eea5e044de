#pragma once
// The advisor's view of a link that is unstable rather than slow: stalls
// (outages, as the run saw them) that cost a share of the run, and
// retransmissions that cost throughput. docs/models.md says where the
// thresholds come from.
#include <optional>

#include "simhadr/advice/bottleneck.hpp"
#include "simhadr/advice/measured_path.hpp"

namespace simhadr {

struct Verdict {
  Resource resource = Resource::Unknown;
  Evidence evidence;
};

// Stalls this much of the run are outages that set the pace.
inline constexpr double kOutageShare = 0.10;
// Retransmissions this share of what TCP sent cost the log throughput: on a
// 100 Mbit/s token bucket, 22% left the link full and 33% cost it 18%
// (docs/models.md, "Packet loss"). From this share on they are named beside any verdict.
inline constexpr double kLossShare = 0.25;
inline constexpr double kLossNoted = 0.01;

// "network outages", unless the run kept its -target pace all the same.
// `link_mbytes_per_sec` is the link's rate outside the stalls, 0 when unknown.
std::optional<Verdict> outages(const RunResult& primary, double link_mbytes_per_sec);
// "packet loss", from a real primary's TCP statistics.
std::optional<Verdict> packet_loss(const RunResult& primary,
                                   const std::optional<MeasuredPath>& path);
// What a verdict that is not about them says of the stalls and of the
// retransmissions (their share of what TCP sent): none when they cost little.
std::optional<StallFigures> stalls_beside(const RunResult& primary);
std::optional<double> loss_beside(const std::optional<MeasuredPath>& path);

}  // namespace simhadr
