#include "simhadr/measure/lag_ledger.hpp"

#include <gtest/gtest.h>

namespace simhadr {
namespace {

using std::chrono::milliseconds;

TEST(LagLedger, AFlushIsBehindUntilItsLastByteIsAcknowledged) {
  LagLedger ledger;
  ledger.written(100, milliseconds(10));
  ledger.written(50, milliseconds(20));
  StandbyLag lag = ledger.lag(milliseconds(30));
  EXPECT_EQ(lag.bytes, 150U);
  EXPECT_EQ(lag.flushes, 2U);
  EXPECT_EQ(lag.log_age, milliseconds(20));
  // All of the first handed over, 30 bytes of it still in the send queue.
  ledger.progress(100, 30);
  lag = ledger.lag(milliseconds(30));
  EXPECT_EQ(lag.bytes, 80U);
  EXPECT_EQ(lag.queued_bytes, 30U);
  EXPECT_EQ(lag.flushes, 2U);
  ledger.progress(120, 0);
  lag = ledger.lag(milliseconds(40));
  EXPECT_EQ(lag.bytes, 30U);
  EXPECT_EQ(lag.flushes, 1U);
  // The second flush holds the log gathered since the first was written, at 10 ms.
  EXPECT_EQ(lag.log_age, milliseconds(30));
  ledger.progress(150, 0);
  EXPECT_EQ(ledger.lag(milliseconds(50)).bytes, 0U);
  EXPECT_EQ(ledger.lag(milliseconds(50)).log_age, Nanos{0});
}

TEST(LagLedger, AQueueLargerThanWhatWasHandedOverHoldsOnlyThat) {
  // The send queue may still hold the handshake, which is not log.
  LagLedger ledger;
  ledger.written(10, Nanos{0});
  ledger.progress(10, 1034);
  EXPECT_EQ(ledger.lag(Nanos{0}).queued_bytes, 10U);
  EXPECT_EQ(ledger.lag(Nanos{0}).bytes, 10U);
}

TEST(LagLedger, TheLagAtATimeLeavesOutWhatWasWrittenAfterIt) {
  LagLedger ledger;
  ledger.written(100, milliseconds(10));
  ledger.written(50, milliseconds(20));
  ledger.written(25, milliseconds(30));
  StandbyLag lag = ledger.lag(milliseconds(25));
  EXPECT_EQ(lag.bytes, 150U);
  EXPECT_EQ(lag.flushes, 2U);
  EXPECT_EQ(lag.log_age, milliseconds(15));
  ledger.progress(100, 0);
  EXPECT_EQ(ledger.lag(milliseconds(15)).bytes, 0U);
  EXPECT_EQ(ledger.lag(milliseconds(15)).log_age, Nanos{0});
}

TEST(LagLedger, TheWorstKeepsEachFiguresOwnLargest) {
  StandbyLag worst;
  worst.keep_worst({100, 1, milliseconds(5), 0});
  worst.keep_worst({50, 3, milliseconds(2), 40});
  EXPECT_EQ(worst.bytes, 100U);
  EXPECT_EQ(worst.flushes, 3U);
  EXPECT_EQ(worst.log_age, milliseconds(5));
  EXPECT_EQ(worst.queued_bytes, 40U);
}

}  // namespace
}  // namespace simhadr

namespace simhadr {
namespace {

// A logger cuts what gathered in an outage into several flushes at the instant
// the link is back: all of it gathered since the write before the outage.
TEST(LagLedger, FlushesWrittenAtOneInstantShareTheirOrigin) {
  LagLedger ledger(Nanos{0});
  ledger.written(100, std::chrono::seconds(1));
  ledger.written(100, std::chrono::seconds(31));
  ledger.written(100, std::chrono::seconds(31));
  ledger.progress(200, 0);
  const StandbyLag lag = ledger.lag(std::chrono::seconds(31));
  EXPECT_EQ(lag.bytes, 100u);
  EXPECT_EQ(lag.log_age, std::chrono::seconds(30));
}

}  // namespace
}  // namespace simhadr
