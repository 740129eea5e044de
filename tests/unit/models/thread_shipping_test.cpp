// The flush's pieces through the primary's thread, the wire and the standby's
// thread, against arithmetic done by hand.
#include "simhadr/models/thread_shipping.hpp"

#include <gtest/gtest.h>

#include "simhadr/models/closed_forms.hpp"

namespace simhadr {
namespace {

constexpr double kSegment = static_cast<double>(kTcpSegmentBytes);
constexpr double kGathered = static_cast<double>(kTlsGatheredBytes);

// Seconds per byte from seconds per GB.
constexpr double per_gb(double seconds) {
  return seconds / 1e9;
}

const NetworkModel kNoWire({0.0, std::nullopt}, 1ULL << 34);

TEST(ThreadShipping, AFlushOfOneSegmentCrossesEachThreadInTurn) {
  const ThreadCpuCost cpu{per_gb(0.3), per_gb(0.5), per_gb(0.2), per_gb(0.1)};
  const std::uint64_t bytes = 16 * 4096;
  const ThreadShipping s = thread_shipping(bytes, cpu, kNoWire);
  EXPECT_NEAR(s.sender_cpu, 0.5e-9 * bytes, 1e-9);
  EXPECT_NEAR(s.receiver_cpu, 0.6e-9 * bytes, 1e-9);
  EXPECT_NEAR(s.ship, s.sender_cpu + s.receiver_cpu, 2e-9);
  // Flush after flush, the slower thread sets the pace.
  EXPECT_NEAR(s.send_cycle, s.receiver_cpu, 2e-9);
}

// The standby takes the first segments while the primary's kernel copies the
// rest: only the first segment's copy and the whole of the slower side add.
TEST(ThreadShipping, TheStandbyTakesEachSegmentWhileThePrimaryCopiesTheNext) {
  const std::uint64_t bytes = 256 * 4096;  // 16 segments
  const double f = static_cast<double>(bytes);
  const ThreadCpuCost receiver_slower{0, 0, per_gb(0.3), per_gb(0.5)};
  EXPECT_NEAR(thread_shipping(bytes, receiver_slower, kNoWire).ship,
              per_gb(0.3) * kSegment + per_gb(0.5) * f, 1e-8);
  const ThreadCpuCost sender_slower{0, 0, per_gb(0.5), per_gb(0.3)};
  EXPECT_NEAR(thread_shipping(bytes, sender_slower, kNoWire).ship,
              per_gb(0.5) * f + per_gb(0.3) * kSegment, 1e-8);
}

// TLS: the primary encrypts a gathered part before it sends any of that part.
TEST(ThreadShipping, ThePrimaryEncryptsEachGatheredPartBeforeSendingIt) {
  const ThreadCpuCost cpu{per_gb(0.3), per_gb(0.6), per_gb(0.1), per_gb(0.1)};
  const std::uint64_t one_part = kTlsGatheredBytes;
  EXPECT_NEAR(thread_shipping(one_part, cpu, kNoWire).ship,
              per_gb(0.3) * kGathered + per_gb(0.1) * kSegment + per_gb(0.7) * kGathered, 1e-8);
  // Two parts: the standby, slower, is still on the first when the second's segments come.
  EXPECT_NEAR(thread_shipping(2 * one_part, cpu, kNoWire).ship,
              per_gb(0.3) * kGathered + per_gb(0.1) * kSegment + per_gb(0.7) * 2 * kGathered, 1e-8);
}

// Over a wire slower than both threads, the wire sets the pace: the first
// segment's copy, the flush's wire time, the last piece's taking. (Each
// piece's wire time is whole nanoseconds, hence the tolerance.)
TEST(ThreadShipping, AWireSlowerThanBothThreadsSetsThePace) {
  const NetworkModel wire({0.0, 125.0_MBps}, 1ULL << 34);
  const ThreadCpuCost cpu{0, 0, per_gb(0.1), per_gb(0.1)};
  const std::uint64_t bytes = 256 * 4096;
  const ThreadShipping s = thread_shipping(bytes, cpu, wire);
  const std::uint64_t quantum = wire.quantum_bytes();
  const double expected = per_gb(0.1) * kSegment + to_seconds(wire.serialization(bytes)) +
                          per_gb(0.1) * static_cast<double>(quantum);
  EXPECT_NEAR(s.ship, expected, 1e-6);
  // Flush after flush, the wire is busy throughout.
  EXPECT_NEAR(s.send_cycle, to_seconds(wire.serialization(bytes)), 1e-6);
}

// Without the threads' costs the closed forms fall back on the send.
TEST(ThreadShipping, WithoutThreadsShippingIsTheSend) {
  const FlushCosts costs{0.001, 0.002, 0.001, 0.0005};
  EXPECT_DOUBLE_EQ(costs.ship(), 0.002);
  EXPECT_DOUBLE_EQ(costs.send_cycle(), 0.002);
  EXPECT_DOUBLE_EQ(closed_form_seconds(SyncMode::Sync, costs), 0.0045);
}

// -model -compress: in bytes of log, the wire is `compression` times faster
// and the window as many times larger; compressing is in the sender's cost.
TEST(ThreadShipping, ACompressedLinkCarriesTheLogFasterByItsRatio) {
  const NetworkModel plain({0.0, 125.0_MBps}, 1 << 20);
  const NetworkModel compressed({0.0, 125.0_MBps, 2.5}, 1 << 20);
  EXPECT_DOUBLE_EQ(compressed.log_rate().value(), plain.payload_rate().value() * 2.5);
  EXPECT_EQ(compressed.window_bytes(), static_cast<std::uint64_t>(2.5 * (1 << 20)));
  EXPECT_NEAR(to_seconds(compressed.serialization(1 << 20)),
              to_seconds(plain.serialization(1 << 20)) / 2.5, 1e-9);
  EXPECT_NEAR(compressed.throughput_bound().value(), plain.throughput_bound().value() * 2.5, 1e-6);
  ThreadCpuCost cpu;
  cpu.compress_seconds_per_byte = per_gb(2);
  cpu.encrypt_seconds_per_byte = per_gb(0.5);
  cpu.decompress_seconds_per_byte = per_gb(1);
  EXPECT_EQ(cpu.sender(1000000000), std::chrono::milliseconds(2500));
  EXPECT_EQ(cpu.receiver(1000000000), std::chrono::seconds(1));
}

}  // namespace
}  // namespace simhadr
