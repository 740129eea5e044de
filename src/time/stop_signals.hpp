#pragma once
// Turns the system's stop requests (SIGINT and SIGTERM; Ctrl-C on Windows)
// into a stop request, seen whatever the roles are doing. A second request
// ends the process at once, for the case where something is stuck; the first
// one sent twice by the same process (StopSignalFilter) does not.
#include "platform/stop_signal_source.hpp"
#include "simhadr/stop.hpp"
#include "time/stop_signal_filter.hpp"

namespace simhadr {

class StopSignals {
 public:
  explicit StopSignals(StopSource& stop);

 private:
  void on_signal(const StopSignal& signal);

  StopSource& stop_;
  StopSignalFilter filter_;
  // Last: its thread calls on_signal until it is destroyed, before the filter is.
  StopSignalSource source_;
};

}  // namespace simhadr
