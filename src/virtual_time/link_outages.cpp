#include "virtual_time/link_outages.hpp"

#include <algorithm>

namespace simhadr {

LinkOutages::LinkOutages(const OutagePlan& plan, std::optional<Nanos> run, Nanos horizon) {
  const Nanos length = from_seconds(plan.seconds);
  if (!plan.every_seconds) {
    if (run) outages_.push_back({(*run - length) / 2, length});
    return;
  }
  const Nanos every = from_seconds(*plan.every_seconds);
  for (Nanos start = every; start < horizon; start += every) outages_.push_back({start, length});
}

const StallEpisode* LinkOutages::at(Nanos t) const {
  for (const StallEpisode& outage : outages_) {
    if (t >= outage.start && t < outage.end()) return &outage;
    if (outage.start > t) break;
  }
  return nullptr;
}

Nanos LinkOutages::up_from(Nanos t) const {
  const StallEpisode* outage = at(t);
  return outage ? outage->end() : t;
}

const StallEpisode* LinkOutages::begins_within(Nanos from, Nanos to) const {
  for (const StallEpisode& outage : outages_) {
    if (outage.start > from && outage.start < to) return &outage;
    if (outage.start >= to) break;
  }
  return nullptr;
}

std::optional<Nanos> LinkOutages::last_end_by(Nanos t) const {
  std::optional<Nanos> last;
  for (const StallEpisode& outage : outages_) {
    if (outage.end() > t) break;
    last = outage.end();
  }
  return last;
}

StallRecord LinkOutages::seen_by(Nanos elapsed) const {
  StallRecord record;
  for (const StallEpisode& outage : outages_) {
    if (outage.start >= elapsed) break;
    record.episodes.push_back({outage.start, std::min(outage.end(), elapsed) - outage.start});
  }
  return record;
}

Nanos LinkOutages::stalled_within(Nanos from, Nanos to) const {
  return StallRecord{outages_, {}}.within(from, to);
}

}  // namespace simhadr
