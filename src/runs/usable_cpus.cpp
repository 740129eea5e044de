#include "runs/usable_cpus.hpp"

#include <sched.h>

#include <algorithm>
#include <thread>

namespace simhadr {

unsigned usable_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) == 0) {
    return static_cast<unsigned>(std::max(CPU_COUNT(&set), 1));
  }
  return std::max(std::thread::hardware_concurrency(), 1U);
}

}  // namespace simhadr
