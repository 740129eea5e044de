#include "time/stop_signal_filter.hpp"

#include <gtest/gtest.h>

#include <csignal>

namespace simhadr {
namespace {

using namespace std::chrono_literals;

const auto kFilterStart = std::chrono::steady_clock::time_point{} + 100s;

StopSignal sent(int number, std::int64_t sender, std::chrono::milliseconds after) {
  return {number, true, sender, kFilterStart + after};
}

StopSignal from_terminal(std::chrono::milliseconds after) {
  return {SIGINT, false, 0, kFilterStart + after};
}

TEST(StopSignalFilter, TheFirstSignalStops) {
  StopSignalFilter filter;
  EXPECT_EQ(filter.classify(sent(SIGTERM, 42, 0ms)), StopVerdict::Stop);
}

// GNU timeout signals its child, then its process group: the child gets both.
TEST(StopSignalFilter, TheSameSignalFromTheSameProcessAtOnceIsARepeat) {
  StopSignalFilter filter;
  filter.classify(sent(SIGTERM, 42, 0ms));
  EXPECT_EQ(filter.classify(sent(SIGTERM, 42, 0ms)), StopVerdict::Repeat);
  EXPECT_EQ(filter.classify(sent(SIGTERM, 42, 999ms)), StopVerdict::Repeat);
}

TEST(StopSignalFilter, ASecondSignalOfAnotherKindSenderOrTimeExits) {
  const StopSignal second_ones[] = {sent(SIGINT, 42, 10ms), sent(SIGTERM, 43, 10ms),
                                    sent(SIGTERM, 42, 1000ms), from_terminal(10ms)};
  for (const StopSignal& second : second_ones) {
    StopSignalFilter filter;
    filter.classify(sent(SIGTERM, 42, 0ms));
    EXPECT_EQ(filter.classify(second), StopVerdict::ExitNow)
        << second.number << ' ' << second.sender;
  }
}

TEST(StopSignalFilter, CtrlCTwiceExits) {
  StopSignalFilter filter;
  EXPECT_EQ(filter.classify(from_terminal(0ms)), StopVerdict::Stop);
  EXPECT_EQ(filter.classify(from_terminal(1ms)), StopVerdict::ExitNow);
}

TEST(StopSignalFilter, ARepeatDoesNotUseUpTheSecondInterrupt) {
  StopSignalFilter filter;
  filter.classify(sent(SIGTERM, 42, 0ms));
  filter.classify(sent(SIGTERM, 42, 1ms));
  EXPECT_EQ(filter.classify(from_terminal(2000ms)), StopVerdict::ExitNow);
}

}  // namespace
}  // namespace simhadr
