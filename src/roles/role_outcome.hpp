#pragma once
#include <string>

#include "simhadr/measure/run_result.hpp"

namespace simhadr {

enum class RunEnd : std::uint8_t {
  Completed,    // -n / -t reached, or (standby) the primary closed the connection
  Interrupted,  // Ctrl-C or SIGTERM
  Failed,       // the connection or the peer broke the run
};

struct RoleOutcome {
  RunResult result;
  RunEnd end = RunEnd::Completed;
  std::string failure;    // one line, when end == Failed
  bool connected = true;  // false when stopped before the peer was there
};

}  // namespace simhadr
