// The stall detector on scripted readings of a connection, 10 ms apart.
#include "simhadr/measure/stall_detector.hpp"

#include <gtest/gtest.h>

namespace simhadr {
namespace {

constexpr Nanos kBound = std::chrono::milliseconds(200);

Nanos read_at_ms(int n) {
  return std::chrono::milliseconds(n);
}

// Reads every 10 ms from `from` to `to` (inclusive) with progress growing when `moving`.
void read_span(StallDetector& detector, std::uint64_t& progress, int from, int to, bool moving,
               bool has_work = true) {
  for (int t = from; t <= to; t += 10) {
    if (moving) progress += 1000;
    detector.read({read_at_ms(t), progress, has_work, kBound});
  }
}

TEST(StallDetector, AQuietStretchWithWorkLongerThanTheBoundIsAStall) {
  StallDetector detector;
  std::uint64_t progress = 0;
  read_span(detector, progress, 0, 2300, true);
  read_span(detector, progress, 2310, 4300, false);
  EXPECT_EQ(detector.record().count(), 1u);  // still going on, it counts once past the bound
  EXPECT_EQ(detector.stalled_within(read_at_ms(2000), read_at_ms(3000)), read_at_ms(700));
  progress += 1000;
  EXPECT_TRUE(detector.read({read_at_ms(4310), progress, true, kBound}));
  read_span(detector, progress, 4320, 6000, true);
  const StallRecord record = detector.record();
  ASSERT_EQ(record.count(), 1u);
  EXPECT_EQ(record.episodes[0].start, read_at_ms(2300));
  EXPECT_EQ(record.episodes[0].duration, read_at_ms(2010));
  EXPECT_EQ(record.total(), read_at_ms(2010));
  EXPECT_EQ(record.bound, kBound);
  EXPECT_EQ(record.within(read_at_ms(0), read_at_ms(2300)), Nanos{0});
  EXPECT_EQ(record.within(read_at_ms(4000), read_at_ms(5000)), read_at_ms(310));
}

TEST(StallDetector, AStretchNoLongerThanTheBoundIsNone) {
  StallDetector detector;
  std::uint64_t progress = 0;
  read_span(detector, progress, 0, 1000, true);
  read_span(detector, progress, 1010, 1190, false);  // 190 ms quiet: a delayed ack
  read_span(detector, progress, 1200, 2000, true);
  EXPECT_EQ(detector.record().count(), 0u);
  EXPECT_EQ(detector.stalled_within(read_at_ms(0), read_at_ms(2000)), Nanos{0});
}

TEST(StallDetector, NothingToDoIsNoStall) {
  StallDetector detector;
  std::uint64_t progress = 0;
  read_span(detector, progress, 0, 500, true);
  read_span(detector, progress, 510, 3000, false, false);  // idle: nothing sent, nothing owed
  read_span(detector, progress, 3010, 3500, true);
  EXPECT_EQ(detector.record().count(), 0u);
}

TEST(StallDetector, AStallEndsWhereTheWorkEndedWhenItEndsWithoutProgress) {
  StallDetector detector;
  std::uint64_t progress = 0;
  read_span(detector, progress, 0, 500, true);
  read_span(detector, progress, 510, 1500, false);
  EXPECT_TRUE(detector.read({read_at_ms(1510), progress, false, kBound}));
  const StallRecord record = detector.record();
  ASSERT_EQ(record.count(), 1u);
  EXPECT_EQ(record.episodes[0].start, read_at_ms(500));
  EXPECT_EQ(record.episodes[0].end(), read_at_ms(1500));
}

TEST(StallDetector, EachOutageIsItsOwnEpisodeAndTheLongestIsNamed) {
  StallDetector detector;
  std::uint64_t progress = 0;
  read_span(detector, progress, 0, 1000, true);
  read_span(detector, progress, 1010, 1400, false);
  read_span(detector, progress, 1410, 3000, true);
  read_span(detector, progress, 3010, 4000, false);
  read_span(detector, progress, 4010, 5000, true);
  const StallRecord record = detector.record();
  ASSERT_EQ(record.count(), 2u);
  EXPECT_EQ(record.longest()->start, read_at_ms(3000));
  EXPECT_EQ(record.total(), read_at_ms(410) + read_at_ms(1010));
}

}  // namespace
}  // namespace simhadr
