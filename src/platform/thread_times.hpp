#pragma once
// The calling thread's CPU time so far, and the time it spent runnable but
// waiting for a CPU where the system keeps that (Linux's schedstat).
#include <optional>
#include <string_view>

#include "simhadr/units.hpp"

namespace simhadr {

struct ThreadTimes {
  Nanos user{};
  Nanos system{};
  std::optional<Nanos> waiting_for_cpu;
};

ThreadTimes this_thread_times();

// The calling thread's CPU time so far, user and system, to the nanosecond
// where the system counts so finely (Linux); Windows counts in scheduler ticks.
Nanos this_thread_cpu();

// Why the time waiting for a CPU may be missing here, as a report's parenthesis says it.
std::string_view run_delay_unknown_reason();

}  // namespace simhadr
