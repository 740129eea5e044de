#include "simhadr/report/sleep_text.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "simhadr/measure/cpu_usage.hpp"

namespace simhadr {

void write_sleep_accuracy(std::ostream& out, const SleepAccuracy& s, Nanos elapsed) {
  // Every wait's lateness, were each on the run's critical path (SYNC's are).
  const double cost = share_of(s.overshoot, elapsed);
  if (s.late == 0 && cost < kSleepCostWarnShare) return;
  fmt::print(out,
             "{}: {} of {} simulated IOs woke more than 10% late, by {:.6f} second on average "
             "and {:.6f} at worst; all waits together overshot {:.6f} second, which can lower "
             "this run's MBytes/sec by up to {:.1f}%{}\n",
             cost >= kSleepCostWarnShare ? "Warning: inaccurate sleep time" : "Sleep accuracy",
             s.late, s.waits,
             s.late > 0 ? to_seconds(s.late_overshoot) / static_cast<double>(s.late) : 0.0,
             to_seconds(s.worst), to_seconds(s.overshoot), cost * 100,
             cost >= kSleepCostWarnShare ? " (-testSleep measures this host's sleeps)" : "");
}

}  // namespace simhadr
