#pragma once
// Tells a second stop signal that means "exit now" from the first one
// delivered twice. GNU timeout, on its deadline or on a TERM of its own, sends
// the signal to its child and then to its whole process group, so the child
// can receive the same signal twice from the same sender microseconds apart;
// taken for a second interrupt, that lost the run's report.
#include <chrono>
#include <optional>

#include "platform/stop_signal_source.hpp"

namespace simhadr {

enum class StopVerdict {
  Stop,     // the first: stop and report
  Repeat,   // the first again, from the same process: nothing more to do
  ExitNow,  // a second interrupt: something is stuck
};

class StopSignalFilter {
 public:
  // A repeat comes within this of the first; a person's second kill takes longer.
  static constexpr std::chrono::seconds kRepeatWindow{1};

  StopVerdict classify(const StopSignal& signal);

 private:
  std::optional<StopSignal> first_;
};

}  // namespace simhadr
