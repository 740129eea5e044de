#pragma once
// -interval as a role sees it: start it with the run, poll it between steps,
// finish it at the end. Each closed interval is kept in the result and handed
// to the sink (which prints it), so a long run shows progress as it goes.
#include <functional>
#include <optional>

#include "simhadr/measure/interval_meter.hpp"

namespace simhadr {

using IntervalSink = std::function<void(const IntervalSample&)>;

class IntervalReporter {
 public:
  IntervalReporter(std::optional<Nanos> period, IntervalSink sink,
                   const StallSource* stalls = nullptr)
      : period_(period), sink_(std::move(sink)), stalls_(stalls) {}

  void start(Clock::time_point at) {
    if (period_) meter_.emplace(*period_, at, stalls_);
  }
  void note_shipping(Nanos shipping) {
    if (meter_) meter_->note_shipping(shipping);
  }
  // Reads the clock only when -interval is on: this runs once per step of a role.
  void poll(const Clock& clock, RunResult& result) {
    if (meter_) poll(clock.now(), result);
  }
  // A step that already knows when it ended: the boundaries then agree with the
  // run's own limits (-t), which are judged at that same time.
  void poll(Clock::time_point now, RunResult& result) {
    if (meter_) keep(meter_->poll(now, result), result);
  }
  // The last interval ends with the run: a side that ended opens no more,
  // whatever the rest of a modelled pair goes on doing.
  void finish(Clock::time_point now, RunResult& result) {
    if (meter_) keep(meter_->finish(now, result), result);
    meter_.reset();
  }

 private:
  void keep(const std::optional<IntervalSample>& sample, RunResult& result) {
    if (!sample) return;
    result.intervals.push_back(*sample);
    if (sink_) sink_(*sample);
  }

  std::optional<Nanos> period_;
  IntervalSink sink_;
  const StallSource* stalls_;
  std::optional<IntervalMeter> meter_;
};

}  // namespace simhadr
