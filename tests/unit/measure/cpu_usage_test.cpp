#include "simhadr/measure/cpu_usage.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "platform/thread_times.hpp"
#include "simhadr/report/cpu_text.hpp"

namespace simhadr {
namespace {

using namespace std::chrono_literals;

// Hands out scripted readings, one per totals(), as a thread's counters would grow.
class ScriptedCpuUsage final : public CpuUsageSource {
 public:
  explicit ScriptedCpuUsage(std::vector<CpuUsage> readings) : readings_(std::move(readings)) {}
  CpuUsage totals() const override { return readings_.at(next_++); }

 private:
  std::vector<CpuUsage> readings_;
  mutable std::size_t next_ = 0;
};

constexpr Nanos kProcessStart = 1h;

CpuUsage measured(Nanos waited, std::optional<Nanos> waited_before = Nanos{0}) {
  std::optional<Nanos> waited_after;
  if (waited_before) waited_after = *waited_before + waited;
  const ScriptedCpuUsage source({{1s, 2s, waited_before, kProcessStart},
                                 {1s + 300ms, 2s + 500ms, waited_after, kProcessStart + 4s}});
  const CpuMeter meter(source);
  return meter.stop();
}

std::string text_of(const CpuUsage& usage) {
  std::ostringstream out;
  write_cpu_usage(out, usage);
  return out.str();
}

TEST(CpuMeter, TakesTheDifferenceOfTwoReadingsOverTheirWallTime) {
  const CpuUsage usage = measured(40ms, 7s);
  EXPECT_EQ(usage.user, 300ms);
  EXPECT_EQ(usage.system, 500ms);
  EXPECT_EQ(usage.waiting_for_cpu, Nanos{40ms});
  EXPECT_EQ(usage.wall, 4s);
  EXPECT_FALSE(cpu_bound(usage));  // 1% of the run
}

TEST(CpuMeter, WithoutSchedulerStatisticsTheWaitIsNotKnownAndNoWarningIsGiven) {
  const CpuUsage usage = measured(0ms, std::nullopt);
  EXPECT_FALSE(usage.waiting_for_cpu);
  EXPECT_FALSE(cpu_bound(usage));
  EXPECT_EQ(text_of(usage),
            "CPU: user 0.300000 seconds, system 0.500000 seconds (20.0% of one CPU); time waiting "
            "for a CPU not known (" +
                std::string(run_delay_unknown_reason()) + ").\n");
}

TEST(CpuUsageText, OneLineWhenTheHostHadCpuToSpare) {
  EXPECT_EQ(text_of(measured(100ms)),
            "CPU: user 0.300000 seconds, system 0.500000 seconds (20.0% of one CPU); waited for a "
            "CPU 0.100000 seconds (2.5% of the run).\n");
}

TEST(CpuUsageText, WarnsThatACpuBoundHostUnderstatesTheNetworkAndDisks) {
  const CpuUsage usage = measured(900ms);
  EXPECT_TRUE(cpu_bound(usage));
  EXPECT_EQ(text_of(usage),
            "CPU: user 0.300000 seconds, system 0.500000 seconds (20.0% of one CPU); waited for a "
            "CPU 0.900000 seconds (22.5% of the run).\n"
            "Warning: this side waited for a CPU 22.5% of the run: the host was CPU-bound, so "
            "these figures understate what its network and disks can do.\n");
}

TEST(CpuUsageText, TheWarningStartsAtFivePercentOfTheRun) {
  EXPECT_FALSE(cpu_bound(measured(199ms)));
  EXPECT_TRUE(cpu_bound(measured(200ms)));
}

TEST(ThisThreadCpuUsage, CountsTheCallingThreadsWork) {
  const ThisThreadCpuUsage source;
  const CpuMeter meter(source);
  const auto until = std::chrono::steady_clock::now() + 30ms;
  while (std::chrono::steady_clock::now() < until) {
  }
  const CpuUsage usage = meter.stop();
  EXPECT_GT(usage.user + usage.system, 0ns);
  EXPECT_GE(usage.wall, 30ms);
}

}  // namespace
}  // namespace simhadr
