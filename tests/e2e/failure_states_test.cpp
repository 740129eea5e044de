// The real pair through a cut link between two namespaces, with the primary
// following HADR's states (-peerWaitLimit, -peerWindow): it gives up on the
// standby, holds commits for the window, goes on alone, takes the standby back
// on a new connection and ships what it lacks. What is asserted is the order
// of the states, their causes, that every byte of log arrives and the holds'
// bounds the primary's own timers set, never a speed.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>

#include "two_hosts.hpp"

namespace simhadr::e2e {
// Named, not anonymous: a unity build puts this file beside others of the same helpers.
namespace failure_states {

using namespace std::chrono_literals;
using json = nlohmann::json;

class RealFailureStates : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const auto why = TwoHosts::unavailable()) GTEST_SKIP() << *why;
  }
};

json run_of(const std::filesystem::path& path) {
  EXPECT_EQ(expect_valid_json(path.string()), 1u);
  std::ifstream in(path);
  return json::parse(in)["runs"][0];
}

std::vector<std::string> states_of(const json& failure_costs) {
  std::vector<std::string> states;
  for (const json& change : failure_costs["state_changes"]) {
    states.push_back(change["from"].get<std::string>() + " -> " + change["to"].get<std::string>() +
                     " (" + change["why"].get<std::string>() + ")");
  }
  return states;
}

// The run is shipping by then (after the sleep calibration, up to a second
// under the sanitizers on a loaded machine), and the outage outlasts the wait
// limit and the window together.
constexpr auto kDownAfter = 2500ms;
constexpr auto kDownFor = 4500ms;

// A pair across `hosts` for 10 s of NEARSYNC at 4 MB/s, its link cut meanwhile.
PairRun nearsync_through_a_cut(const TwoHosts& hosts, std::vector<std::string> primary,
                               const std::vector<std::string>& standby) {
  const LinkFlap flap(hosts, kDownAfter, kDownFor);
  primary.insert(primary.begin(), {"-t", "10", "-syncMode", "NEARSYNC", "-target", "4"});
  return run_across(hosts, primary, standby);
}

TEST_F(RealFailureStates, NearSyncHoldsCommitsForTheWindowThenTakesTheStandbyBack) {
  const TwoHosts hosts;
  const auto primary_doc = scratch_file("failure-states", "nearsync-primary.json");
  const auto standby_doc = scratch_file("failure-states", "nearsync-standby.json");
  const PairRun run = nearsync_through_a_cut(
      hosts, {"-peerWaitLimit", "1", "-peerWindow", "1.5", "-json", primary_doc.string()},
      {"-json", standby_doc.string()});
  ASSERT_EQ(run.primary_status, 0) << run.primary_err << run.primary_out;
  ASSERT_EQ(run.standby_status, 0) << run.standby_err << run.standby_out;
  const json primary = run_of(primary_doc);
  const json& costs = primary["failure_costs"];
  EXPECT_EQ(states_of(costs), (std::vector<std::string>{
                                  "PEER -> DISCONNECTED_PEER (peer wait limit)",
                                  "DISCONNECTED_PEER -> REMOTE_CATCHUP_PENDING (peer window ended)",
                                  "REMOTE_CATCHUP_PENDING -> REMOTE_CATCHUP (standby back)",
                                  "REMOTE_CATCHUP -> PEER (caught up)"}))
      << costs.dump();
  // The wait limit and then the window, on the primary's own clock.
  EXPECT_GE(costs["longest_hold_seconds"].get<double>(), 2.5);
  EXPECT_LT(costs["longest_hold_seconds"].get<double>(), 3.5);
  EXPECT_EQ(costs["longest_hold_ended_by"], "peer window ended");
  EXPECT_NE(run.primary_out.find("The standby is back on a new connection at "), std::string::npos)
      << run.primary_out;
  EXPECT_NE(run.standby_out.find("Back with the primary on a new connection at "),
            std::string::npos)
      << run.standby_out;
  // Every flush the primary wrote reached the standby, the gap's among them.
  const json standby = run_of(standby_doc);
  EXPECT_EQ(standby["log"]["bytes"], primary["log"]["bytes"]);
}

TEST_F(RealFailureStates, AsyncGivesUpAtTheWaitLimitAndHoldsNoWindow) {
  const TwoHosts hosts;
  const auto primary_doc = scratch_file("failure-states", "async-primary.json");
  PairRun run;
  {
    const LinkFlap flap(hosts, kDownAfter, kDownFor);
    run = run_across(hosts, {"-t", "10", "-syncMode", "ASYNC", "-target", "20", "-peerWaitLimit",
                             "1", "-peerWindow", "5", "-json", primary_doc.string()});
  }
  ASSERT_EQ(run.primary_status, 0) << run.primary_err << run.primary_out;
  ASSERT_EQ(run.standby_status, 0) << run.standby_err << run.standby_out;
  const json primary = run_of(primary_doc);
  const json& costs = primary["failure_costs"];
  const std::vector<std::string> states = states_of(costs);
  ASSERT_GE(states.size(), 2u) << costs.dump();
  EXPECT_EQ(states[0], "PEER -> REMOTE_CATCHUP_PENDING (peer wait limit)");
  EXPECT_EQ(states[1], "REMOTE_CATCHUP_PENDING -> REMOTE_CATCHUP (standby back)");
  EXPECT_LT(costs["longest_hold_seconds"].get<double>(), 2.0);
  EXPECT_NE(run.primary_out.find("-peerWindow holds nothing in ASYNC"), std::string::npos)
      << run.primary_out;
}

// -compress and TLS on every connection: the log the renewed one carried
// counts as the first one's did, on both sides.
TEST_F(RealFailureStates, CompressionCountsTheLogOfEveryConnection) {
  const TwoHosts hosts;
  const auto primary_doc = scratch_file("failure-states", "compressed-primary.json");
  const auto standby_doc = scratch_file("failure-states", "compressed-standby.json");
  const PairRun run = nearsync_through_a_cut(
      hosts, {"-peerWaitLimit", "1", "-compress", "lz4", "-tls", "-json", primary_doc.string()},
      {"-compress", "lz4", "-tls", "-json", standby_doc.string()});
  ASSERT_EQ(run.primary_status, 0) << run.primary_err << run.primary_out;
  ASSERT_EQ(run.standby_status, 0) << run.standby_err << run.standby_out;
  const json primary = run_of(primary_doc);
  const std::vector<std::string> states = states_of(primary["failure_costs"]);
  ASSERT_GE(states.size(), 2u) << primary["failure_costs"].dump();
  EXPECT_EQ(states[1], "REMOTE_CATCHUP_PENDING -> REMOTE_CATCHUP (standby back)");
  EXPECT_EQ(primary["compression"]["log_bytes"], primary["send"]["bytes"]);
  const json standby = run_of(standby_doc);
  EXPECT_EQ(standby["compression"]["log_bytes"], standby["recv"]["bytes"]);
  EXPECT_EQ(standby["log"]["bytes"], primary["log"]["bytes"]);
}

}  // namespace failure_states
}  // namespace simhadr::e2e
