#include "net/tls_cost_probe.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "simhadr/units.hpp"

namespace simhadr {
namespace {

void expect_a_cost(const TlsCipherCost& cost) {
  EXPECT_TRUE(std::isfinite(cost.encrypt_seconds_per_byte));
  EXPECT_GT(cost.encrypt_seconds_per_byte, 0);
  EXPECT_LT(cost.encrypt_seconds_per_byte, 1);
  EXPECT_TRUE(std::isfinite(cost.decrypt_seconds_per_byte));
  EXPECT_GT(cost.decrypt_seconds_per_byte, 0);
  EXPECT_LT(cost.decrypt_seconds_per_byte, 1);
}

// One trial each: these check what the probe can measure, and -model's forty
// trials took 55 s of this test under qemu-user.
constexpr int kOneTrial = 1;

// A page, an odd size whose last record is short, a flush written in pieces
// (larger than one write), and a receive buffer smaller than a record.
TEST(TlsCostProbe, MeasuresFlushesOfEveryShape) {
  for (const std::uint32_t pages : {1U, 5U, 1023U, 1536U}) {
    SCOPED_TRACE(pages);
    expect_a_cost(
        measure_tls_cost(TlsSettings{}, pages_to_bytes(pages), pages_to_bytes(512), kOneTrial));
  }
  expect_a_cost(measure_tls_cost(TlsSettings{}, pages_to_bytes(16), 100, kOneTrial));
}

TEST(TlsCostProbe, NamesTheSuiteAndVersionItMeasured) {
  TlsSettings tls12;
  tls12.version = TlsVersion::Tls12;
  const TlsCipherCost cost =
      measure_tls_cost(tls12, pages_to_bytes(16), pages_to_bytes(512), kOneTrial);
  EXPECT_EQ(cost.version, "TLSv1.2");
  EXPECT_NE(cost.cipher, "");
  EXPECT_EQ(
      measure_tls_cost(TlsSettings{}, pages_to_bytes(16), pages_to_bytes(512), kOneTrial).version,
      "TLSv1.3");
}

}  // namespace
}  // namespace simhadr
