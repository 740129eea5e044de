#include <sched.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <thread>

#include "platform/cpus.hpp"

namespace simhadr {

unsigned usable_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) == 0) {
    return static_cast<unsigned>(std::max(CPU_COUNT(&set), 1));
  }
  return std::max(std::thread::hardware_concurrency(), 1U);
}

// Linux gives each thread its own nice value.
void lower_this_thread_priority() {
  constexpr int kNiceIncrement = 10;
  const auto self = static_cast<id_t>(::gettid());
  [[maybe_unused]] const int ignored =
      ::setpriority(PRIO_PROCESS, self, ::getpriority(PRIO_PROCESS, self) + kNiceIncrement);
}

}  // namespace simhadr
