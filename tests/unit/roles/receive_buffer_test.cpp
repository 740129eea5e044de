#include "roles/receive_buffer.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>

#include "simhadr/units.hpp"
#include "simhadr/wire/flush_codec.hpp"
#include "simhadr/wire/protocol_error.hpp"

namespace simhadr {
namespace {

// Copies bytes in through free_space(), as a recv would, and collects completed flushes.
// The standby's part: `pages` are written and their space is free again.
void release(ReceiveBuffer& buffer, std::uint32_t pages) {
  buffer.mark_written(pages);
  buffer.free_written(pages);
}

std::vector<std::uint32_t> feed(ReceiveBuffer& buffer, std::span<const char> bytes) {
  std::vector<std::uint32_t> flushes;
  while (!bytes.empty()) {
    const auto space = buffer.free_space();
    if (space.empty()) break;
    const std::size_t n = std::min(space.size(), bytes.size());
    std::copy_n(bytes.data(), n, space.data());
    buffer.commit(n, [&](std::uint32_t pages) { flushes.push_back(pages); });
    bytes = bytes.subspan(n);
  }
  return flushes;
}

// Where an empty buffer receives (every SYNC flush): on a page boundary, as the kernel copies
// fastest.
TEST(ReceiveBuffer, AnEmptyBufferReceivesOnAPageBoundary) {
  ReceiveBuffer buffer(512, 256);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(buffer.free_space().data()) % kPageBytes, 0u);
  const FlushImage image(256);
  feed(buffer, image.flush(256).first(pages_to_bytes(256) - 100));
  feed(buffer, image.flush(256).last(100));
  release(buffer, 256);
  EXPECT_EQ(buffer.held_bytes(), 0u);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(buffer.free_spaces().first.data()) % kPageBytes, 0u);
}

TEST(ReceiveBuffer, FlushEndsAreFoundInTheStream) {
  ReceiveBuffer buffer(8, 8);
  const FlushImage image(3);
  std::string stream;
  stream.append(image.flush(3).begin(), image.flush(3).end());
  stream.append(image.flush(2).begin(), image.flush(2).end());
  EXPECT_EQ(feed(buffer, stream), (std::vector<std::uint32_t>{3, 2}));
  EXPECT_EQ(buffer.bytes_after_last_flush(), 0u);
}

// A connection lost in the middle of a flush: the primary sends that flush again whole.
TEST(ReceiveBuffer, APartialFlushDroppedIsReceivedAgainWhole) {
  ReceiveBuffer buffer(8, 8);
  const FlushImage image(3);
  EXPECT_EQ(feed(buffer, image.flush(2)), (std::vector<std::uint32_t>{2}));
  EXPECT_TRUE(feed(buffer, image.flush(3).first(pages_to_bytes(2) + 5)).empty());
  EXPECT_EQ(buffer.bytes_after_last_flush(), pages_to_bytes(2) + 5);
  buffer.drop_partial_flush();
  EXPECT_EQ(buffer.bytes_after_last_flush(), 0u);
  EXPECT_EQ(buffer.held_bytes(), pages_to_bytes(2));
  EXPECT_EQ(feed(buffer, image.flush(3)), (std::vector<std::uint32_t>{3}));
  EXPECT_EQ(buffer.held_bytes(), pages_to_bytes(5));
}

TEST(ReceiveBuffer, FullBufferOffersNoSpaceUntilPagesAreReleased) {
  ReceiveBuffer buffer(2, 4);
  const FlushImage image(4);
  feed(buffer, image.flush(4));
  EXPECT_TRUE(buffer.free_space().empty());
  release(buffer, 1);
  EXPECT_EQ(buffer.free_space().size(), kPageBytes);
}

TEST(ReceiveBuffer, WrittenPagesKeepTheirSpaceUntilFreed) {
  ReceiveBuffer buffer(4, 2);
  const FlushImage image(2);
  feed(buffer, image.flush(2));
  feed(buffer, image.flush(2));
  EXPECT_TRUE(buffer.free_space().empty());
  buffer.mark_written(2);  // written, but not yet replayed
  EXPECT_TRUE(buffer.free_space().empty());
  EXPECT_EQ(buffer.held_bytes(), pages_to_bytes(4));
  buffer.free_written(2);
  EXPECT_EQ(buffer.held_bytes(), pages_to_bytes(2));
  EXPECT_EQ(buffer.free_space().size(), pages_to_bytes(2));
}

TEST(ReceiveBuffer, WrapsAroundAndStillFindsMarkers) {
  ReceiveBuffer buffer(3, 3);
  const FlushImage image(2);
  std::vector<std::uint32_t> all;
  for (int round = 0; round < 10; ++round) {
    const auto flushes = feed(buffer, image.flush(2));
    all.insert(all.end(), flushes.begin(), flushes.end());
    release(buffer, 2);
  }
  EXPECT_EQ(all, std::vector<std::uint32_t>(10, 2));
}

TEST(ReceiveBuffer, AFlushWithoutItsMarkerInTimeIsAProtocolError) {
  ReceiveBuffer buffer(8, 3);
  const FlushImage image(4);
  EXPECT_THROW(feed(buffer, image.flush(4)), ProtocolError);
}

TEST(ReceiveBuffer, ShorterFlushesThanTheHandshakeSaysAreAccepted) {
  ReceiveBuffer buffer(8, 4);
  const FlushImage image(4);
  EXPECT_EQ(feed(buffer, image.flush(2)), std::vector<std::uint32_t>{2});
  EXPECT_EQ(feed(buffer, image.flush(4)), std::vector<std::uint32_t>{4});
}

TEST(ReceiveBuffer, BytesAfterTheLastFlushAreWhatACutWouldLose) {
  ReceiveBuffer buffer(8, 4);
  const FlushImage image(4);
  feed(buffer, image.flush(4));
  EXPECT_EQ(buffer.bytes_after_last_flush(), 0u);
  feed(buffer, image.flush(4).first(5000));
  EXPECT_EQ(buffer.bytes_after_last_flush(), 5000u);
}

}  // namespace
}  // namespace simhadr

namespace simhadr {
namespace {

// One receive lands in both parts of a free space that wraps around the
// ring's end, and the flush it completes is found across the seam.
TEST(ReceiveBuffer, AFreeSpaceThatWrapsIsOfferedWholeInTwoParts) {
  // Flushes of up to 4 pages: what is held, 2 pages from the start, is too near it to move.
  ReceiveBuffer buffer(4, 4);
  const FlushImage image(2);
  feed(buffer, image.flush(2));
  feed(buffer, image.flush(1));
  release(buffer, 2);
  // Page 2 holds the one-page flush; page 3 is free at the end, and pages 0-1 free again.
  const ReceiveBuffer::FreeSpace space = buffer.free_spaces();
  EXPECT_EQ(space.first.size(), pages_to_bytes(1));
  EXPECT_EQ(space.second.size(), pages_to_bytes(2));
  EXPECT_EQ(space.size(), pages_to_bytes(3));
  EXPECT_EQ(buffer.free_space().data(), space.first.data());
  // The next flush of two pages arrives in one receive: a page at the end, a page at the start.
  const FlushImage next(2);
  const std::span<const char> bytes = next.flush(2);
  std::copy_n(bytes.data(), kPageBytes, space.first.data());
  std::copy_n(bytes.data() + kPageBytes, kPageBytes, space.second.data());
  std::vector<std::uint32_t> flushes;
  buffer.commit(bytes.size(), [&](std::uint32_t pages) { flushes.push_back(pages); });
  EXPECT_EQ(flushes, (std::vector<std::uint32_t>{2}));
  EXPECT_EQ(buffer.free_spaces().size(), pages_to_bytes(1));
}

TEST(ReceiveBuffer, AnEmptyBufferTakesTheNextReceiveAtItsStart) {
  ReceiveBuffer buffer(8, 2);
  const char* start = buffer.free_spaces().first.data();
  const FlushImage image(2);
  for (int flush = 0; flush < 5; ++flush) {
    EXPECT_EQ(buffer.free_spaces().first.data(), start) << flush;
    EXPECT_EQ(feed(buffer, image.flush(2)), (std::vector<std::uint32_t>{2}));
    release(buffer, 2);
  }
}

TEST(ReceiveBuffer, WhatItHoldsMovesToTheStartOnceAFlushAwayAndStaysWhole) {
  ReceiveBuffer buffer(8, 2);
  const char* start = buffer.free_spaces().first.data();
  const FlushImage image(2);
  // A flush and a half page of the next: the flush is written, the half page stays.
  const std::span<const char> first = image.flush(2);
  const std::span<const char> second = image.flush(2);
  std::vector<char> bytes(first.begin(), first.end());
  bytes.insert(bytes.end(), second.begin(), second.end());
  EXPECT_EQ(feed(buffer, std::span<const char>(bytes).first(first.size() + kPageBytes / 2)),
            (std::vector<std::uint32_t>{2}));
  release(buffer, 2);
  // The half page went to the start, and the rest of its flush lands right after it.
  EXPECT_EQ(buffer.free_spaces().first.data(), start + kPageBytes / 2);
  EXPECT_EQ(feed(buffer, std::span<const char>(bytes).subspan(first.size() + kPageBytes / 2)),
            (std::vector<std::uint32_t>{2}));
  release(buffer, 2);
  EXPECT_EQ(buffer.held_bytes(), 0u);
}

TEST(ReceiveBuffer, TheRestOfTheFlushUnderWayIsTheHandshakesSizeLessWhatArrived) {
  ReceiveBuffer buffer(8, 4);
  EXPECT_EQ(buffer.rest_of_flush_bytes(), pages_to_bytes(4));
  const FlushImage image(4);
  feed(buffer, image.flush(4).first(5000));
  EXPECT_EQ(buffer.rest_of_flush_bytes(), pages_to_bytes(4) - 5000);
  feed(buffer, image.flush(4).subspan(5000));
  EXPECT_EQ(buffer.rest_of_flush_bytes(), pages_to_bytes(4));
}

TEST(ReceiveBuffer, AtMostCutsTheFirstPartThenTheSecond) {
  std::array<char, 10> first{};
  std::array<char, 6> second{};
  const ReceiveBuffer::FreeSpace space{first, second};
  EXPECT_EQ(space.at_most(4).first.size(), 4u);
  EXPECT_TRUE(space.at_most(4).second.empty());
  EXPECT_EQ(space.at_most(13).first.size(), 10u);
  EXPECT_EQ(space.at_most(13).second.size(), 3u);
  EXPECT_EQ(space.at_most(13).second.data(), second.data());
  EXPECT_EQ(space.at_most(100).size(), 16u);
}

TEST(ReceiveBuffer, AFreeSpaceThatDoesNotWrapHasNoSecondPart) {
  ReceiveBuffer buffer(4, 2);
  EXPECT_EQ(buffer.free_spaces().first.size(), pages_to_bytes(4));
  EXPECT_TRUE(buffer.free_spaces().second.empty());
}

}  // namespace
}  // namespace simhadr
