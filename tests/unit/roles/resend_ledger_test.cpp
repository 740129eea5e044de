#include "roles/resend_ledger.hpp"

#include <gtest/gtest.h>

#include "simhadr/units.hpp"

namespace simhadr {
namespace resend_ledger {

TEST(ResendLedger, AcksConfirmTheOldestFlushFirst) {
  ResendLedger ledger(true);
  ledger.handed(16);
  ledger.handed(4);
  EXPECT_EQ(ledger.handed_bytes(), pages_to_bytes(20));
  ledger.acked();
  EXPECT_EQ(ledger.confirmed_bytes(), pages_to_bytes(16));
}

TEST(ResendLedger, AResumeSettlesTheFlushesTheStandbyHasAndResendsTheRest) {
  ResendLedger ledger(true);
  for (const std::uint32_t pages : {1u, 2u, 3u, 4u}) ledger.handed(pages);
  ledger.acked();  // the first: 1 page
  // The standby has the first three whole (6 pages); the acks of the 2nd and 3rd were lost.
  const ResendLedger::Resume resume = ledger.resume_from(pages_to_bytes(6));
  EXPECT_EQ(resume.settled, 2u);
  EXPECT_EQ(resume.resend, (std::vector<std::uint32_t>{4}));
  EXPECT_EQ(ledger.confirmed_bytes(), pages_to_bytes(6));
  // What is resent stays owed: its ack confirms it.
  ledger.acked();
  EXPECT_EQ(ledger.confirmed_bytes(), pages_to_bytes(10));
}

TEST(ResendLedger, APositionInsideAFlushResendsThatFlushWhole) {
  ResendLedger ledger(false);
  ledger.handed(4);
  ledger.handed(4);
  const ResendLedger::Resume resume = ledger.resume_from(pages_to_bytes(6));
  EXPECT_EQ(resume.settled, 0u);  // no acks in this mode
  EXPECT_EQ(resume.resend, (std::vector<std::uint32_t>{4}));
}

TEST(ResendLedger, WithoutAcksItKeepsABoundedStretch) {
  ResendLedger ledger(false, pages_to_bytes(8));
  for (int i = 0; i < 10; ++i) ledger.handed(4);
  EXPECT_EQ(ledger.handed_bytes(), pages_to_bytes(40));
  EXPECT_EQ(ledger.confirmed_bytes(), pages_to_bytes(32));
  EXPECT_EQ(ledger.resume_from(0).resend.size(), 2u);
}

}  // namespace resend_ledger
}  // namespace simhadr
