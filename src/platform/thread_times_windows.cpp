#include <windows.h>

#include "platform/thread_times.hpp"

namespace simhadr {

namespace {

Nanos from_file_time(const FILETIME& time) {
  const auto ticks = (static_cast<std::uint64_t>(time.dwHighDateTime) << 32) | time.dwLowDateTime;
  return Nanos{static_cast<Nanos::rep>(ticks * 100)};
}

}  // namespace

// Windows keeps no time spent waiting for a CPU: the report says it is not known.
ThreadTimes this_thread_times() {
  FILETIME created{};
  FILETIME exited{};
  FILETIME kernel{};
  FILETIME user{};
  if (!::GetThreadTimes(::GetCurrentThread(), &created, &exited, &kernel, &user)) return {};
  return {from_file_time(user), from_file_time(kernel), std::nullopt};
}

Nanos this_thread_cpu() {
  const ThreadTimes times = this_thread_times();
  return times.user + times.system;
}

std::string_view run_delay_unknown_reason() {
  return "Windows keeps no such figure";
}

}  // namespace simhadr
