#pragma once
// -model's planned outages of the principal's link (-netOutage): stretches in
// which the link carries nothing, in either direction. Pure arithmetic on
// run time; the virtual network asks it when it may put bytes on the wire
// and when a delivery due inside an outage happens instead.
#include <optional>
#include <vector>

#include "simhadr/config.hpp"
#include "simhadr/measure/stalls.hpp"

namespace simhadr {

class LinkOutages final : public StallSource {
 public:
  // `run` is the run's planned length, for an outage in its middle; outages
  // every so often repeat up to `horizon` (the run's length, or a bound).
  LinkOutages(const OutagePlan& plan, std::optional<Nanos> run, Nanos horizon);

  // The outage that `t` is in, if any.
  const StallEpisode* at(Nanos t) const;
  // `t`, or the end of the outage it is in.
  Nanos up_from(Nanos t) const;
  // The first outage that begins after `from` and before `to`.
  const StallEpisode* begins_within(Nanos from, Nanos to) const;
  // The latest outage end at or before `t`.
  std::optional<Nanos> last_end_by(Nanos t) const;
  // The outages as a run of `elapsed` saw them: cut at its end.
  StallRecord seen_by(Nanos elapsed) const;
  Nanos stalled_within(Nanos from, Nanos to) const override;

 private:
  std::vector<StallEpisode> outages_;
};

}  // namespace simhadr
