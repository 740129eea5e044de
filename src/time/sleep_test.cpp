#include "time/sleep_test.hpp"

#include <algorithm>
#include <set>

#include "simhadr/measure/cpu_usage.hpp"
#include "simhadr/measure/sleep_accuracy.hpp"
#include "simhadr/models/disk_model.hpp"
#include "simhadr/pipeline/standby_buffer.hpp"

namespace simhadr {

namespace {
constexpr int kRounds = 10;
// Enough for the spin to follow this host's wake-ups (SpinSizer's window is 32).
constexpr int kDiskRounds = 200;
}  // namespace

void run_sleep_test(double seconds, SpinClock& clock, RunLog& log) {
  const Nanos requested = from_seconds(seconds);
  Nanos total_error{};
  Nanos worst_error{};
  for (int round = 0; round < kRounds; ++round) {
    const auto start = clock.now();
    clock.sleep_until(start + requested);
    const Nanos actual = clock.now() - start;
    log.line("Requested sleep {:.6f} second, actual {:.6f} second", seconds, to_seconds(actual));
    total_error += actual - requested;
    worst_error = std::max(worst_error, actual - requested);
  }
  log.blank();
  log.line(
      "Sleep test: {} sleeps of {:.6f} second, average error {:.6f} second, worst {:.6f} second",
      kRounds, seconds, to_seconds(total_error) / kRounds, to_seconds(worst_error));
}

void run_disk_sleep_test(const DiskParams& disk, std::uint32_t flush_pages, SpinClock& clock,
                         const StopSource& stop, RunLog& log) {
  const LinearDisk model(disk);
  const std::set<std::uint32_t> sizes{1, flush_pages, standby_buffer_pages({}, {}, flush_pages)};
  log.blank();
  log.line("Sleeps as -disk {:g} {:g} asks for them, {} of each:", disk.rate.value(),
           disk.overhead_seconds, kDiskRounds);
  log.line("  pages    requested s   late >10%   mean over s   worst over s   CPU per sleep s");
  SleepAccuracy all;
  const ThisThreadCpuUsage this_thread;
  const CpuMeter cpu(this_thread);
  for (const std::uint32_t pages : sizes) {
    const Nanos requested = model.io_time(pages_to_bytes(pages));
    SleepAccuracy row;
    const CpuMeter row_cpu(this_thread);
    for (int round = 0; round < kDiskRounds && !stop.requested(); ++round) {
      const auto start = clock.now();
      clock.sleep_until(start + requested);
      const Nanos over = clock.now() - start - requested;
      row.add(requested, over);
      all.add(requested, over);
    }
    if (stop.requested()) {
      log.line("Stopped.");
      return;
    }
    const CpuUsage used = row_cpu.stop();
    log.line("{:>7} {:>14.6f} {:>11} {:>13.6f} {:>14.6f} {:>17.6f}", pages, to_seconds(requested),
             row.late, to_seconds(row.overshoot) / kDiskRounds, to_seconds(row.worst),
             to_seconds(used.user + used.system) / kDiskRounds);
  }
  const CpuUsage used = cpu.stop();
  log.blank();
  log.line(
      "At these lengths a simulated IO ends {:.1f}% later than the model on average, and "
      "sleeping cost {:.1f}% of a CPU.",
      100 * share_of(all.overshoot, all.requested),
      100 * share_of(used.user + used.system, used.wall));
}

}  // namespace simhadr
