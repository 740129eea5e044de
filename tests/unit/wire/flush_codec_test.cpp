#include "simhadr/wire/flush_codec.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>

#include "simhadr/units.hpp"

namespace simhadr {
namespace {

TEST(FlushImage, EveryByteIsADotExceptTheMarkerOnTheLastPage) {
  const FlushImage image(16);
  for (const std::uint32_t pages : {1u, 2u, 16u}) {
    const auto flush = image.flush(pages);
    ASSERT_EQ(flush.size(), pages * kPageBytes);
    const std::size_t marker_at = flush.size() - kPageBytes;
    EXPECT_TRUE(std::all_of(flush.begin(), flush.begin() + static_cast<std::ptrdiff_t>(marker_at),
                            [](char c) { return c == '.'; }));
    const std::string last(flush.data() + marker_at, kPageBytes);
    EXPECT_EQ(last.substr(0, 13), std::string("End of flush\0", 13));
    EXPECT_TRUE(std::all_of(last.begin() + 13, last.end(), [](char c) { return c == '.'; }));
  }
}

// The kernel copies a send fastest from memory that shares the socket pages' alignment.
TEST(FlushImage, EveryFlushStartsOnAPageBoundary) {
  const FlushImage image(256);
  for (const std::uint32_t pages : {1u, 7u, 16u, 255u, 256u}) {
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(image.flush(pages).data()) % kPageBytes, 0u)
        << pages;
  }
}

TEST(FlushImage, MarkerDetection) {
  const FlushImage image(2);
  const auto flush = image.flush(2);
  EXPECT_FALSE(starts_with_marker(flush.first(kPageBytes)));
  EXPECT_TRUE(starts_with_marker(flush.last(kPageBytes)));
  EXPECT_FALSE(starts_with_marker(flush.last(kPageBytes).first(12)));
}

TEST(Ack, IsSixteenBytesOfTextAndNuls) {
  EXPECT_EQ(kAckMessage.size(), 16u);
  EXPECT_EQ(kAckMessage.substr(0, 11), "ack message");
  EXPECT_EQ(kAckMessage.substr(11), std::string(5, '\0'));
}

}  // namespace
}  // namespace simhadr
