#include <sys/resource.h>
#include <time.h>

#include <fstream>

#include "platform/thread_times.hpp"

namespace simhadr {

namespace {

Nanos from_timeval(const timeval& value) {
  return std::chrono::seconds(value.tv_sec) + std::chrono::microseconds(value.tv_usec);
}

// /proc/thread-self/schedstat: time on a CPU, time runnable but waiting (both
// in nanoseconds), and time slices. Missing on kernels without schedstats.
std::optional<Nanos> run_delay_of_this_thread() {
  std::ifstream schedstat("/proc/thread-self/schedstat");
  long long on_cpu = 0;
  long long waiting = 0;
  if (!(schedstat >> on_cpu >> waiting)) return std::nullopt;
  return Nanos{waiting};
}

}  // namespace

ThreadTimes this_thread_times() {
  rusage usage{};
  ::getrusage(RUSAGE_THREAD, &usage);
  return {from_timeval(usage.ru_utime), from_timeval(usage.ru_stime), run_delay_of_this_thread()};
}

Nanos this_thread_cpu() {
  timespec now{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return std::chrono::seconds(now.tv_sec) + Nanos(now.tv_nsec);
}

std::string_view run_delay_unknown_reason() {
  return "the kernel keeps no schedstat";
}

}  // namespace simhadr
