// The pages each -payload kind gives: the wire's layout (the marker on a
// flush's last page only), bytes that never repeat, and the DBA's files in
// order, cycled, with one line when they can no longer be read.
#include "payload/page_source.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <unordered_set>

#include "payload/file_bytes.hpp"
#include "payload/random_pages.hpp"
#include "simhadr/wire/flush_codec.hpp"
#include "unit/payload/payload_files_fixture.hpp"

namespace simhadr {
namespace {

std::string_view page_of(std::span<const char> flush, std::uint32_t page) {
  return {flush.data() + pages_to_bytes(page), kPageBytes};
}

// A flush as the wire wants it: the marker opens its last page and no other.
void expect_flush_layout(std::span<const char> flush, std::uint32_t pages) {
  ASSERT_EQ(flush.size(), pages_to_bytes(pages));
  for (std::uint32_t page = 0; page + 1 < pages; ++page) {
    EXPECT_FALSE(page_of(flush, page).starts_with(kEndOfFlushMarker)) << "page " << page;
  }
  EXPECT_TRUE(page_of(flush, pages - 1).starts_with(kEndOfFlushMarker));
}

TEST(PageSource, DotsAreTheOriginalsBytes) {
  const auto source = make_page_source({PayloadKind::Dots, {}}, 16);
  const FlushImage original(16);
  for (const std::uint32_t pages : {1u, 7u, 16u}) {
    const std::span<const char> flush = source->next_flush(pages);
    EXPECT_TRUE(std::ranges::equal(flush, original.flush(pages)));
  }
  EXPECT_TRUE(std::ranges::all_of(source->next_pages(5), [](char c) { return c == kPageFill; }));
}

TEST(PageSource, IncompressiblePagesNeverRepeatALine) {
  const auto source = make_page_source({}, 64);
  std::unordered_set<std::string_view> lines;
  std::vector<std::string> kept;
  // 64 flushes of 64 pages: 16 MiB, each line renewed 64 times in place.
  for (int flush = 0; flush < 64; ++flush) {
    const std::span<const char> bytes = source->next_flush(64);
    expect_flush_layout(bytes, 64);
    kept.emplace_back(bytes.begin(), bytes.end());
  }
  std::array<std::uint64_t, 256> counts{};
  for (const std::string& flush : kept) {
    for (std::size_t at = 0; at < flush.size(); at += RandomBytes::kLineBytes) {
      const std::string_view line(flush.data() + at, RandomBytes::kLineBytes);
      // The marker's line repeats by design; every other line is new.
      if (line.starts_with(kEndOfFlushMarker)) continue;
      EXPECT_TRUE(lines.insert(line).second) << "a line repeated at " << at;
    }
    for (const char c : flush) ++counts[static_cast<unsigned char>(c)];
  }
  // Every byte value about as common as any other: 65536 each, give or take 2%.
  const auto [least, most] = std::ranges::minmax(counts);
  EXPECT_GT(least, 64000u);
  EXPECT_LT(most, 67200u);
}

TEST(PageSource, TwoRunsShipDifferentBytes) {
  const auto one = make_page_source({}, 4);
  const auto other = make_page_source({}, 4);
  const std::span<const char> pages = one->next_pages(4);
  const std::string first(pages.begin(), pages.end());
  EXPECT_FALSE(std::ranges::equal(first, other->next_pages(4)));
}

// Three times round the files, and a part of a fourth, as the source gives them.
void expect_cycled(PageSource& source, const std::string& files) {
  std::string expected;
  while (expected.size() < 3 * files.size() + 70000) expected += files;
  std::string got;
  while (got.size() < expected.size()) {
    const std::span<const char> pages = source.next_pages(32);
    got.append(pages.begin(), pages.end());
  }
  got.resize(expected.size());
  EXPECT_TRUE(got == expected);
}

TEST_F(PayloadFiles, SmallOnesAreReadOnceAndCycled) {
  const std::string a = pattern(5000, 'a');
  const std::string b = pattern(1, 'B');
  const std::string c = pattern(300000, '0');
  PayloadSpec payload{PayloadKind::Files, {write("a", a), write("b", b), write("c", c)}};
  expect_cycled(*make_page_source(payload, 32), a + b + c);
}

TEST_F(PayloadFiles, LargeOnesAreReadAheadInOrderAndCycled) {
  const std::string a = pattern(5 * FileBytes::kChunkBytes + 7, 'a');
  const std::string b = pattern(1, 'B');
  const std::string c = pattern(4 * FileBytes::kChunkBytes, '0');
  PayloadSpec payload{PayloadKind::Files, {write("a", a), write("b", b), write("c", c)}};
  expect_cycled(*make_page_source(payload, 32), a + b + c);
}

TEST_F(PayloadFiles, APageThatLooksLikeTheMarkerIsChangedInAFlushOnly) {
  std::string page(kPageBytes, 'x');
  std::ranges::copy(kEndOfFlushMarker, page.begin());
  // A second page with the marker's text and no NUL after it: changed too.
  std::string text_only(kPageBytes, 'y');
  std::ranges::copy(std::string_view("End of flush\n"), text_only.begin());
  PayloadSpec payload{PayloadKind::Files, {write("marker", page + text_only)}};
  const auto source = make_page_source(payload, 4);
  const std::span<const char> flush = source->next_flush(4);
  expect_flush_layout(flush, 4);
  EXPECT_FALSE(page_of(flush, 1).starts_with("End of flush"));
  EXPECT_TRUE(page_of(source->next_pages(4), 0).starts_with(kEndOfFlushMarker));
}

TEST_F(PayloadFiles, AFileGoneMidRunEndsItWithOneLine) {
  PayloadSpec payload{PayloadKind::Files,
                      {write("gone", pattern(9 * FileBytes::kChunkBytes, 'g'))}};
  const auto source = make_page_source(payload, 64 * 64);
  source->next_pages(2);
  std::error_code error;
  if (!std::filesystem::remove(payload.files.front().path, error)) {
    // Windows keeps a file that is open from being removed: there it cannot go mid-run.
    GTEST_SKIP() << "this system does not remove a file that is open: " << error.message();
  }
  try {
    // Past what was read ahead before the file went, and round to its start.
    for (int i = 0; i < 100; ++i) source->next_pages(64 * 64);
    ADD_FAILURE() << "reading went on without the file";
  } catch (const PayloadError& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("cannot read it any more"), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

TEST_F(PayloadFiles, FilesCutToNothingEndItToo) {
  const std::string half = pattern(FileBytes::kChunks * FileBytes::kChunkBytes / 2 + 1, 'h');
  PayloadSpec payload{PayloadKind::Files, {write("one", half), write("two", half)}};
  const auto source = make_page_source(payload, 64 * 64);
  for (const PayloadFile& file : payload.files) std::ofstream(file.path, std::ios::trunc);
  try {
    for (int i = 0; i < 100; ++i) source->next_pages(64 * 64);
    ADD_FAILURE() << "reading went on without bytes";
  } catch (const PayloadError& error) {
    EXPECT_NE(std::string(error.what()).find("empty"), std::string::npos) << error.what();
  }
}

}  // namespace
}  // namespace simhadr
