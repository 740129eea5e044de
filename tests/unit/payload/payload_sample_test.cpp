// The sample the compression probe takes: the payload as a run ships it, and
// for a large file set, slices from every part of it.
#include "payload/payload_sample.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "payload/page_source.hpp"
#include "simhadr/wire/flush_codec.hpp"
#include "unit/payload/payload_files_fixture.hpp"

namespace simhadr {
namespace {

std::string bytes_as_string(const std::vector<char>& bytes) {
  return {bytes.begin(), bytes.end()};
}

TEST(PayloadSample, DotsAndRandomBytesAreWhatARunShips) {
  const std::vector<char> dots = payload_sample({PayloadKind::Dots, {}}, 100000);
  ASSERT_EQ(dots.size(), 100000u);
  EXPECT_TRUE(std::ranges::all_of(dots, [](char c) { return c == kPageFill; }));
  const std::vector<char> random = payload_sample({}, 100000);
  ASSERT_EQ(random.size(), 100000u);
  EXPECT_LT(std::ranges::count(random, kPageFill), 1000);
}

TEST_F(PayloadFiles, ASmallSetIsSampledWhole) {
  const std::string a = pattern(3000, 'a');
  const std::string b = pattern(5000, 'b');
  const PayloadSpec payload{PayloadKind::Files, {write("a", a), write("b", b)}};
  EXPECT_EQ(bytes_as_string(payload_sample(payload, 1 << 20)), a + b);
}

TEST_F(PayloadFiles, ALargeSetIsSampledInSlicesFromEveryPart) {
  // Three files of one letter each; 32 slices of 250 bytes over 24000.
  const std::string set = std::string(8000, 'x') + std::string(8000, 'y') + std::string(8000, 'z');
  const PayloadSpec payload{PayloadKind::Files,
                            {write("x", set.substr(0, 8000)), write("y", set.substr(8000, 8000)),
                             write("z", set.substr(16000))}};
  const std::string sample = bytes_as_string(payload_sample(payload, 8000));
  std::string expected;
  for (int slice = 0; slice < 32; ++slice) expected += set.substr(750 * slice, 250);
  EXPECT_EQ(sample, expected);
  EXPECT_EQ(payload_slice_bytes(payload, 8000), 250u);
  EXPECT_EQ(payload_slice_bytes(payload, 24000), 0u);  // the whole set
}

TEST_F(PayloadFiles, ASliceAcrossTwoFilesTakesFromBoth) {
  // Slices of 250 bytes over 16000: the first crosses from a into b.
  const PayloadSpec payload{
      PayloadKind::Files, {write("a", std::string(100, 'a')), write("b", std::string(15900, 'b'))}};
  const std::string sample = bytes_as_string(payload_sample(payload, 8000));
  EXPECT_EQ(sample.substr(0, 250), std::string(100, 'a') + std::string(150, 'b'));
  EXPECT_EQ(sample.substr(250), std::string(7750, 'b'));
}

TEST_F(PayloadFiles, AFileGoneIsNamed) {
  const PayloadFile gone = write("gone", std::string(5000, 'g'));
  std::filesystem::remove(gone.path);
  try {
    payload_sample({PayloadKind::Files, {gone}}, 1000);
    FAIL() << "no error";
  } catch (const PayloadError& error) {
    EXPECT_NE(std::string(error.what()).find("gone"), std::string::npos) << error.what();
  }
}

}  // namespace
}  // namespace simhadr
