#include "time/stop_signal_filter.hpp"

namespace simhadr {

StopVerdict StopSignalFilter::classify(const StopSignal& signal) {
  if (!first_) {
    first_ = signal;
    return StopVerdict::Stop;
  }
  const bool repeat = signal.from_process && first_->from_process &&
                      signal.sender == first_->sender && signal.number == first_->number &&
                      signal.at - first_->at < kRepeatWindow;
  return repeat ? StopVerdict::Repeat : StopVerdict::ExitNow;
}

}  // namespace simhadr
