// The real binary on an unstable link between two namespaces: an outage made
// with `ip link set down/up`, and loss made with a token bucket whose queue
// holds two packets. What is asserted is what the reports say (a stall, a
// verdict, a share), never a speed; clean links are the controls.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>

#include "two_hosts.hpp"

namespace simhadr::e2e {
namespace {

using namespace std::chrono_literals;
using json = nlohmann::json;

class UnstableLink : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const auto why = TwoHosts::unavailable()) GTEST_SKIP() << *why;
  }
};

json primary_document(const std::filesystem::path& path) {
  EXPECT_EQ(expect_valid_json(path.string()), 1u);
  std::ifstream in(path);
  return json::parse(in)["runs"][0];
}

std::string verdict(const json& side) {
  return side["bottleneck"]["resource"];
}

// Started at about the same time as the pair: the run is shipping by then,
// after the sleep calibration and the payload probe (up to a second under the
// sanitizers on a loaded machine).
constexpr auto kDownAfter = 2500ms;
constexpr auto kDownFor = 1000ms;

TEST_F(UnstableLink, AnOutageIsOneStallOnEachSideAndTheVerdict) {
  const TwoHosts hosts(
      {.primary_rate = "100mbit", .intruder = false, .queue_limit_bytes = std::nullopt});
  const auto doc = scratch_file("unstable-link", "outage.json");
  PairRun run;
  {
    const LinkFlap flap(hosts, kDownAfter, kDownFor);
    run = run_across(hosts,
                     {"-t", "5", "-syncMode", "ASYNC", "-interval", "1", "-json", doc.string()});
  }
  ASSERT_EQ(run.primary_status, 0) << run.primary_err;
  const json primary = primary_document(doc);
  ASSERT_EQ(primary["stalls"]["count"], 1) << primary["stalls"].dump();
  const double longest = primary["stalls"]["longest_seconds"];
  const double at = primary["stalls"]["episodes"][0]["start_seconds"];
  // TCP resends on its backed-off timer, so a stall outlasts its outage; never by this much.
  EXPECT_GE(longest, 0.9);
  EXPECT_LE(longest, 4.0);
  EXPECT_GT(at, 0.5);
  EXPECT_LT(at, 3.5);
  EXPECT_EQ(verdict(primary), "network outages") << primary["bottleneck"]["evidence"];
  EXPECT_NE(run.primary_out.find("Stalls: 1, longest "), std::string::npos) << run.primary_out;
  EXPECT_NE(run.primary_out.find(", stalled "), std::string::npos);
  EXPECT_NE(run.primary_out.find("Log gap: worst "), std::string::npos);
  EXPECT_NE(run.standby_out.find("Stalls: 1, longest "), std::string::npos) << run.standby_out;
  // The link's rate comes from outside the stall: above the rate the outage averaged in.
  for (const json& limit : primary["bottleneck"]["limits"]) {
    if (limit["resource"] != "network bandwidth") continue;
    EXPECT_GT(limit["mbytes_per_sec"].get<double>(),
              1.1 * primary["log"]["mbytes_per_sec"].get<double>());
  }
}

TEST_F(UnstableLink, ARunHeldByItsTargetKeepsItsVerdictWithTheStallBesideIt) {
  const TwoHosts hosts;
  const auto doc = scratch_file("unstable-link", "target.json");
  PairRun run;
  {
    const LinkFlap flap(hosts, kDownAfter, kDownFor);
    run =
        run_across(hosts, {"-t", "5", "-syncMode", "SYNC", "-target", "20", "-json", doc.string()});
  }
  ASSERT_EQ(run.primary_status, 0) << run.primary_err;
  const json primary = primary_document(doc);
  EXPECT_GE(primary["stalls"]["count"], 1) << primary["stalls"].dump();
  EXPECT_NE(verdict(primary), "network bandwidth") << primary["bottleneck"]["evidence"];
  EXPECT_NE(verdict(primary), "network outages") << primary["bottleneck"]["evidence"];
}

// With 23 ms of standby write per flush, an outage most often begins while the
// standby writes: its ack is what the link loses, and the primary has nothing of
// its own in flight. Without the outage, the same waits for the standby are no outage.
TEST_F(UnstableLink, AnAckLostInAnOutageIsAStallAndASlowStandbyIsNoOutage) {
  const TwoHosts hosts;
  const std::vector<std::string> disk{"-disk", "5", "0.01"};
  const std::vector<std::string> primary{"-t", "4", "-syncMode", "SYNC", "-disk", "5", "0.01"};
  PairRun outage;
  {
    const LinkFlap flap(hosts, 2300ms, kDownFor);
    outage = run_across(hosts, primary, disk);
  }
  ASSERT_EQ(outage.primary_status, 0) << outage.primary_err;
  EXPECT_NE(outage.primary_out.find("Stalls: 1, longest "), std::string::npos)
      << outage.primary_out;
  EXPECT_NE(outage.primary_out.find("Bottleneck: network outages: "), std::string::npos);
  // (Whether a wait counts hangs on the standby being scheduled: on a loaded
  // machine a lone short stall may show, but never as the verdict.)
  const PairRun steady = run_across(hosts, primary, disk);
  ASSERT_EQ(steady.primary_status, 0) << steady.primary_err;
  EXPECT_EQ(steady.primary_out.find("Bottleneck: network outages"), std::string::npos)
      << steady.primary_out;
}

TEST_F(UnstableLink, AQueueOfTwoPacketsIsPacketLoss) {
  const TwoHosts hosts({.primary_rate = "100mbit", .intruder = false, .queue_limit_bytes = 3028u});
  const auto doc = scratch_file("unstable-link", "loss.json");
  const PairRun run = run_across(hosts, {"-t", "3", "-syncMode", "ASYNC", "-json", doc.string()});
  ASSERT_EQ(run.primary_status, 0) << run.primary_err;
  const json primary = primary_document(doc);
  EXPECT_GE(primary["tcp"]["retransmitted_share"].get<double>(), 0.25);
  EXPECT_EQ(verdict(primary), "packet loss") << primary["bottleneck"]["evidence"];
  EXPECT_NE(primary["bottleneck"]["evidence"].get<std::string>().find("% of what TCP sent"),
            std::string::npos);
  EXPECT_NE(run.primary_out.find("% of what was sent)"), std::string::npos);
}

TEST_F(UnstableLink, ACleanLinkHasNoStallAndNoLoss) {
  const TwoHosts hosts(
      {.primary_rate = "100mbit", .intruder = false, .queue_limit_bytes = std::nullopt});
  const auto doc = scratch_file("unstable-link", "clean.json");
  const PairRun run = run_across(hosts, {"-t", "3", "-syncMode", "ASYNC", "-json", doc.string()});
  ASSERT_EQ(run.primary_status, 0) << run.primary_err;
  const json primary = primary_document(doc);
  EXPECT_EQ(primary["stalls"]["count"], 0) << primary["stalls"].dump();
  EXPECT_LT(primary["tcp"]["retransmitted_share"].get<double>(), 0.25);
  EXPECT_EQ(run.primary_out.find("Stalls:"), std::string::npos) << run.primary_out;
  expect_bottleneck(run.primary_out, "network bandwidth: ");
}

}  // namespace
}  // namespace simhadr::e2e
