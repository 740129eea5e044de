#include <windows.h>

#include <algorithm>
#include <bit>
#include <thread>

#include "platform/cpus.hpp"

namespace simhadr {

unsigned usable_cpus() {
  DWORD_PTR process = 0;
  DWORD_PTR system = 0;
  if (::GetProcessAffinityMask(::GetCurrentProcess(), &process, &system) && process != 0) {
    return static_cast<unsigned>(std::popcount(static_cast<std::uint64_t>(process)));
  }
  return std::max(std::thread::hardware_concurrency(), 1U);
}

void lower_this_thread_priority() {
  ::SetThreadPriority(::GetCurrentThread(), THREAD_PRIORITY_BELOW_NORMAL);
}

}  // namespace simhadr
