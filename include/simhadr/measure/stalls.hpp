#pragma once
// Stretches in which a connection had work and made no progress, longer than
// its stall bound (docs/models.md, "Stalls"): an outage of the link as the
// run saw it. Times are since the start of the run.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "simhadr/units.hpp"

namespace simhadr {

struct StallEpisode {
  Nanos start{};
  Nanos duration{};
  Nanos end() const { return start + duration; }
};

struct StallRecord {
  std::vector<StallEpisode> episodes;
  Nanos bound{};  // the shortest stretch that counted

  std::size_t count() const { return episodes.size(); }
  Nanos total() const {
    Nanos sum{};
    for (const StallEpisode& e : episodes) sum += e.duration;
    return sum;
  }
  const StallEpisode* longest() const {
    const auto it = std::ranges::max_element(episodes, {}, &StallEpisode::duration);
    return it == episodes.end() ? nullptr : &*it;
  }
  // How much of [from, to) the episodes cover.
  Nanos within(Nanos from, Nanos to) const {
    Nanos sum{};
    for (const StallEpisode& e : episodes) {
      const Nanos overlap = std::min(to, e.end()) - std::max(from, e.start);
      if (overlap > Nanos{0}) sum += overlap;
    }
    return sum;
  }
};

// Where the interval meter learns how much of a period was stalled, while
// the run goes on: a real connection's watch, or a modelled link's outages.
class StallSource {
 public:
  virtual ~StallSource() = default;
  // Of [from, to), run time, what was stalled; a stall still going on counts once it is one.
  virtual Nanos stalled_within(Nanos from, Nanos to) const = 0;
};

}  // namespace simhadr
