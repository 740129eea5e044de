#include "simhadr/page_aligned_buffer.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>

#include "simhadr/units.hpp"

namespace simhadr {
namespace {

std::uintptr_t address_of(const PageAlignedBuffer& buffer) {
  return reinterpret_cast<std::uintptr_t>(buffer.bytes().data());
}

TEST(PageAlignedBuffer, StartsOnAPageBoundaryWhateverItsSize) {
  for (const std::size_t bytes : {std::size_t{1}, std::size_t{4096}, std::size_t{4097},
                                  std::size_t{1} << 20, (std::size_t{1} << 22) + 16}) {
    const PageAlignedBuffer buffer(bytes, '.');
    EXPECT_EQ(address_of(buffer) % kPageBytes, 0u) << bytes;
    EXPECT_EQ(buffer.size(), bytes);
    EXPECT_EQ(buffer.bytes().size(), bytes);
  }
}

TEST(PageAlignedBuffer, EveryByteHoldsTheFill) {
  const PageAlignedBuffer dots(3 * kPageBytes + 5, '.');
  EXPECT_TRUE(std::ranges::all_of(dots.bytes(), [](char c) { return c == '.'; }));
  const PageAlignedBuffer zeros(kPageBytes, '\0');
  EXPECT_TRUE(std::ranges::all_of(zeros.bytes(), [](char c) { return c == '\0'; }));
}

TEST(PageAlignedBuffer, CanBeEmpty) {
  const PageAlignedBuffer empty(0, '.');
  EXPECT_EQ(empty.size(), 0u);
  EXPECT_TRUE(empty.bytes().empty());
}

TEST(PageAlignedBuffer, AnAllocationThatFailsSaysHowMuchItAskedFor) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << "a sanitizer's allocator stops the process at an impossible size";
#else
  const std::size_t impossible = std::size_t{1} << 62;
  try {
    const PageAlignedBuffer buffer(impossible, '.');
    FAIL() << "a buffer of 2^62 bytes was allocated";
  } catch (const OutOfMemory& error) {
    EXPECT_NE(std::string(error.what()).find("4611686018427387904 bytes"), std::string::npos)
        << error.what();
  }
#endif
}

}  // namespace
}  // namespace simhadr
