#pragma once
// Turns SIGINT and SIGTERM into a stop request, on a thread of its own so a
// signal is seen whatever the roles are doing. A second signal ends the
// process at once, for the case where something is stuck; the first one sent
// twice by the same process (StopSignalFilter) does not. Asio's signal_set
// does not say who sent a signal, so this handler does, through a pipe.
#include <signal.h>

#include <thread>

#include "simhadr/stop.hpp"
#include "time/stop_signal_filter.hpp"

namespace simhadr {

class StopSignals {
 public:
  explicit StopSignals(StopSource& stop);
  ~StopSignals();
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

 private:
  void watch();

  StopSource& stop_;
  StopSignalFilter filter_;
  int pipe_[2] = {-1, -1};
  struct sigaction previous_interrupt_ {};
  struct sigaction previous_terminate_ {};
  std::thread thread_;
};

}  // namespace simhadr
