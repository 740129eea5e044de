#include "time/stop_signals.hpp"

namespace simhadr {

StopSignals::StopSignals(StopSource& stop)
    : stop_(stop), source_([this](const StopSignal& signal) { on_signal(signal); }) {}

void StopSignals::on_signal(const StopSignal& signal) {
  switch (filter_.classify(signal)) {
    case StopVerdict::Stop:
      stop_.request(signal.number);
      break;
    case StopVerdict::Repeat:
      break;
    case StopVerdict::ExitNow:
      exit_now("simhadr: second interrupt, exiting without a report\n", 130);
  }
}

}  // namespace simhadr
