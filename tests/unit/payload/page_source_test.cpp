// The pages each -payload kind gives: the wire's layout (the marker on a
// flush's last page only), bytes that never repeat, and the DBA's files in
// order, cycled, with one line when they can no longer be read.
#include "payload/page_source.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "payload/file_bytes.hpp"
#include "payload/stamped_pages.hpp"
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

// The words that make each place of a flush unique: at every page's start
// (after the marker on the last page) and half a page in.
std::vector<std::uint64_t> stamps_of(std::span<const char> flush) {
  std::vector<std::uint64_t> stamps;
  for (std::size_t page = 0; page < flush.size(); page += kPageBytes) {
    const bool marked = page + kPageBytes == flush.size();
    for (const std::size_t at :
         {marked ? StampedPages::kMarkedPageStampAt : 0, StampedPages::kSecondStampAt}) {
      std::uint64_t word = 0;
      std::memcpy(&word, flush.data() + page + at, sizeof(word));
      stamps.push_back(word);
    }
  }
  return stamps;
}

TEST(PageSource, IncompressiblePagesNeverRepeatAPageOrAStamp) {
  constexpr std::uint32_t kPages = 64;
  const std::size_t pool = StampedPages::pool_bytes(kPages, Lookback::Stream);
  const auto source = make_page_source({}, kPages);
  // Flushes of every size up to 64 pages, through the pool more than twice.
  std::vector<std::string> kept;
  std::unordered_map<const char*, std::size_t> last_shipped_at;
  std::size_t shipped = 0;
  for (std::uint32_t flush = 0; shipped < 2 * pool + pages_to_bytes(kPages); ++flush) {
    const std::uint32_t pages = 1 + flush * 37 % kPages;
    const std::span<const char> bytes = source->next_flush(pages);
    expect_flush_layout(bytes, pages);
    // The pool's bytes come round no sooner than zstd -19's window (8 MiB) has passed.
    for (std::size_t page = 0; page < bytes.size(); page += kPageBytes) {
      const auto [seen, first] = last_shipped_at.try_emplace(bytes.data() + page, shipped + page);
      if (!first) {
        EXPECT_GT(shipped + page - seen->second, std::size_t{8} << 20) << "at " << shipped + page;
        seen->second = shipped + page;
      }
    }
    shipped += bytes.size();
    kept.emplace_back(bytes.begin(), bytes.end());
  }
  std::unordered_set<std::string_view> pages;
  std::unordered_set<std::uint64_t> stamps;
  std::array<std::uint64_t, 256> counts{};
  for (const std::string& flush : kept) {
    for (std::size_t at = 0; at < flush.size(); at += kPageBytes) {
      EXPECT_TRUE(pages.insert(std::string_view(flush).substr(at, kPageBytes)).second)
          << "a page repeated";
    }
    for (const std::uint64_t stamp : stamps_of(flush)) {
      EXPECT_TRUE(stamps.insert(stamp).second) << "a stamp repeated";
    }
    for (const char c : flush) ++counts[static_cast<unsigned char>(c)];
  }
  // Every byte value about as common as any other. Each count varies by about
  // the root of twice its mean (the pool is shipped twice), so 8 roots of the
  // mean is 5.7 of those: a fresh seed strays past it once in millions of runs.
  const double each = static_cast<double>(shipped) / 256;
  const auto [least, most] = std::ranges::minmax(counts);
  EXPECT_GT(static_cast<double>(least), each - 8 * std::sqrt(each));
  EXPECT_LT(static_cast<double>(most), each + 8 * std::sqrt(each));
}

// A disk compresses a block or record at a time: its pool need not outlast a
// link compressor's window, and a test with many writers keeps one each.
TEST(PageSource, ADisksPoolIsSmallerThanAStreams) {
  EXPECT_EQ(StampedPages::pool_bytes(16, Lookback::Blocks), (1u << 20) + pages_to_bytes(16));
  EXPECT_EQ(StampedPages::pool_bytes(256, Lookback::Stream), (9u << 20) + pages_to_bytes(256));
  const auto disk = make_page_source({}, 16, Lookback::Blocks);
  std::unordered_set<std::uint64_t> stamps;
  for (int write = 0; write < 40; ++write) {
    const std::span<const char> pages = disk->next_pages(16);
    EXPECT_FALSE(std::string_view(pages.data(), pages.size()).starts_with(kEndOfFlushMarker));
    for (std::size_t at = 0; at < pages.size(); at += kPageBytes) {
      std::uint64_t word = 0;
      std::memcpy(&word, pages.data() + at, sizeof(word));
      EXPECT_TRUE(stamps.insert(word).second);
    }
  }
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
