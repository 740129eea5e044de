#pragma once
// The calling thread's CPU time so far, and the time it spent runnable but
// waiting for a CPU where the system keeps that (Linux's schedstat).
#include <optional>

#include "simhadr/units.hpp"

namespace simhadr {

struct ThreadTimes {
  Nanos user{};
  Nanos system{};
  std::optional<Nanos> waiting_for_cpu;
};

ThreadTimes this_thread_times();

}  // namespace simhadr
