#include "roles/auxiliary_feed.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <sstream>
#include <thread>

#include "log/run_log.hpp"
#include "roles/link.hpp"
#include "simhadr/wire/flush_codec.hpp"

namespace simhadr {
namespace {

using namespace std::chrono_literals;

class SteadyClock final : public Clock {
 public:
  time_point now() const override { return std::chrono::steady_clock::now(); }
  void sleep_until(time_point t) override { std::this_thread::sleep_until(t); }
};

// An auxiliary's socket: takes every byte unless the test holds it, and
// reports a send queue the test sets.
class HeldTransport final : public Transport {
 public:
  IoStep send_some(std::span<const char> data) override {
    if (held_) return {0, true};
    std::lock_guard lock(mutex_);
    wire_.append(data.data(), data.size());
    return {data.size(), false};
  }
  IoStep recv_some(std::span<char>) override { return {0, true}; }
  bool wait_writable(Nanos max_wait) override {
    if (held_) std::this_thread::sleep_for(std::min<Nanos>(max_wait, 1ms));
    return !held_;
  }
  bool wait_readable(Nanos) override { return false; }
  void close() override { closed_ = true; }
  std::uint64_t unacknowledged_bytes() const override { return queued_; }

  void hold(bool held) { held_ = held; }
  void set_queued(std::uint64_t bytes) { queued_ = bytes; }
  std::string wire() const {
    std::lock_guard lock(mutex_);
    return wire_;
  }
  bool closed() const { return closed_; }

 private:
  mutable std::mutex mutex_;
  std::string wire_;
  std::atomic<bool> held_{false};
  std::atomic<std::uint64_t> queued_{0};
  std::atomic<bool> closed_{false};
};

struct AuxiliaryFeedTest : ::testing::Test {
  AuxiliaryFeedTest() : log(out, false) {}

  std::unique_ptr<AuxiliaryFeed> feed() {
    auto owned = std::make_unique<HeldTransport>();
    transport = owned.get();
    AuxiliaryPlan plan{{"dr1", 47001}, {SyncMode::SuperAsync, 16, "now", {}}, 10s};
    return std::make_unique<AuxiliaryFeed>(std::move(plan), std::move(owned), clock, stop, log);
  }

  // Waits (boundedly) until the wire holds `bytes` after the handshake.
  bool wait_for_wire(std::size_t bytes) const {
    for (int i = 0; i < 2000; ++i) {
      if (transport->wire().size() >= kHandshakeBytes + bytes) return true;
      std::this_thread::sleep_for(1ms);
    }
    return false;
  }

  SteadyClock clock;
  StopSource stop;
  std::ostringstream out;
  RunLog log;
  HeldTransport* transport = nullptr;
};

TEST_F(AuxiliaryFeedTest, SendsTheSuperasyncHandshakeThenEveryFlushInOrder) {
  auto aux = feed();
  aux->start();
  for (const std::uint32_t pages : {1U, 3U, 2U}) aux->written(pages, clock.now());
  ASSERT_TRUE(wait_for_wire(pages_to_bytes(6)));
  const AuxiliaryStream stream = aux->finish(clock.now());
  const std::string wire = transport->wire();
  EXPECT_TRUE(wire.starts_with("syncMode=SUPERASYNC")) << wire.substr(0, 40);
  EXPECT_EQ(wire.size(), kHandshakeBytes + pages_to_bytes(6));
  // Each flush ends with its marker page: after pages 1, 4 and 6.
  for (const std::uint64_t end_page : {1U, 4U, 6U}) {
    const std::size_t marker = kHandshakeBytes + pages_to_bytes(end_page - 1);
    EXPECT_TRUE(wire.compare(marker, kEndOfFlushMarker.size(), kEndOfFlushMarker) == 0) << end_page;
  }
  EXPECT_EQ(stream.flushes.calls, 3U);
  EXPECT_EQ(stream.sent_bytes, pages_to_bytes(6));
  EXPECT_EQ(stream.lag.bytes, 0U);
  EXPECT_TRUE(transport->closed());
  EXPECT_TRUE(stream.failure.empty());
}

TEST_F(AuxiliaryFeedTest, AHeldAuxiliaryFallsBehindWithoutHoldingThePrimaryThenCatchesUp) {
  auto aux = feed();
  aux->start();
  ASSERT_TRUE(wait_for_wire(0));
  transport->hold(true);
  StandbyLag lag;
  const auto before = std::chrono::steady_clock::now();
  for (int i = 0; i < 100; ++i) lag = aux->written(16, clock.now());
  // A hundred flushes handed over while nothing moves: the primary did not wait.
  EXPECT_LT(std::chrono::steady_clock::now() - before, 1s);
  EXPECT_EQ(lag.flushes, 100U);
  EXPECT_EQ(lag.bytes, pages_to_bytes(1600));
  transport->hold(false);
  ASSERT_TRUE(wait_for_wire(pages_to_bytes(1600)));
  const AuxiliaryStream stream = aux->finish(clock.now());
  EXPECT_EQ(stream.sent_bytes, pages_to_bytes(1600));
  EXPECT_EQ(stream.lag.bytes, 0U);
  EXPECT_EQ(stream.worst_lag.bytes, pages_to_bytes(1600));
}

TEST_F(AuxiliaryFeedTest, TheSendQueueCountsAsLagUntilAcknowledged) {
  auto aux = feed();
  aux->start();
  transport->set_queued(pages_to_bytes(16));
  aux->written(16, clock.now());
  ASSERT_TRUE(wait_for_wire(pages_to_bytes(16)));
  const AuxiliaryStream stream = aux->finish(clock.now());
  EXPECT_EQ(stream.lag.bytes, pages_to_bytes(16));
  EXPECT_EQ(stream.lag.queued_bytes, pages_to_bytes(16));
  EXPECT_EQ(stream.lag.flushes, 1U);
  // Acknowledged plus behind is everything written.
  EXPECT_EQ(stream.sent_bytes - stream.lag.queued_bytes + stream.lag.bytes, pages_to_bytes(16));
}

TEST_F(AuxiliaryFeedTest, AnAuxiliaryThatNeverReadsIsLeftBehindWithinTheStopGrace) {
  auto aux = feed();
  aux->start();
  ASSERT_TRUE(wait_for_wire(0));
  transport->hold(true);
  for (int i = 0; i < 5; ++i) aux->written(16, clock.now());
  const auto before = std::chrono::steady_clock::now();
  const AuxiliaryStream stream = aux->finish(clock.now());
  EXPECT_LT(std::chrono::steady_clock::now() - before, kStopGrace + 2s);
  EXPECT_EQ(stream.sent_bytes, 0U);
  EXPECT_EQ(stream.lag.flushes, 5U);
  EXPECT_EQ(stream.lag.bytes, pages_to_bytes(80));
}

}  // namespace
}  // namespace simhadr
