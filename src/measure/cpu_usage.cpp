#include "simhadr/measure/cpu_usage.hpp"

#include "platform/thread_times.hpp"

namespace simhadr {

CpuUsage ThisThreadCpuUsage::totals() const {
  const ThreadTimes times = this_thread_times();
  return {times.user, times.system, times.waiting_for_cpu,
          std::chrono::steady_clock::now().time_since_epoch()};
}

CpuUsage CpuMeter::stop() const {
  const CpuUsage ended = source_.totals();
  CpuUsage used{ended.user - begun_.user, ended.system - begun_.system, std::nullopt,
                ended.wall - begun_.wall};
  if (ended.waiting_for_cpu && begun_.waiting_for_cpu) {
    used.waiting_for_cpu = *ended.waiting_for_cpu - *begun_.waiting_for_cpu;
  }
  return used;
}

}  // namespace simhadr
