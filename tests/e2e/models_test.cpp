// The what-if models from the real binary: -model's reports and document,
// the network model on a real loopback pair, -replay on a real standby, and
// the flush-size models. Counts, bytes and model arithmetic only, no speeds.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "pair_run.hpp"

namespace simhadr::e2e {
namespace {

using namespace std::chrono_literals;
using nlohmann::json;
namespace fs = std::filesystem;

std::string line_starting(const std::string& text, const std::string& start) {
  const std::size_t at = text.find(start);
  if (at == std::string::npos) return {};
  return text.substr(at, text.find('\n', at) - at);
}

TEST(Model, AVirtualRunIsTheSameEveryTimeAndValidates) {
  const std::vector<std::string> args{
      "-model", "-syncMode", "NEARSYNC", "-disk",  "100", "0.001", "-netDelay", "0.001", "-netRate",
      "50",     "-replay",   "30",       "0.0001", "-t",  "60",    "-interval", "10"};
  const fs::path doc = scratch_file("models", "model.json");
  ChildProcess first(concat(args, {"-json", doc.string()}));
  ChildProcess second(args);
  ASSERT_EQ(first.wait(kRunBound), 0) << first.err();
  ASSERT_EQ(second.wait(kRunBound), 0) << second.err();
  // Only the command line differs between the two.
  const auto report = [](const std::string& out) { return out.substr(out.find("\n\n")); };
  EXPECT_EQ(report(first.out()), report(second.out()));
  const std::string out = first.out();
  EXPECT_NE(out.find("======== primary ========"), std::string::npos);
  EXPECT_NE(out.find("======== standby ========"), std::string::npos);
  EXPECT_NE(line_starting(out, "Bottleneck: ").find("round trip"), std::string::npos) << out;
  EXPECT_NE(out.find("StandByRcvBufUsed: "), std::string::npos);
  EXPECT_EQ(expect_valid_json(doc.string()), 1u);
  std::ifstream in(doc);
  const json parsed = json::parse(in);
  EXPECT_EQ(parsed["kind"], "model");
  ASSERT_EQ(parsed["runs"].size(), 2u);
  const json& primary = parsed["runs"][0];
  const json& standby = parsed["runs"][1];
  EXPECT_TRUE(primary["models"]["virtual_time"].get<bool>());
  EXPECT_EQ(primary["log"]["bytes"], standby["log"]["bytes"]);
  EXPECT_NEAR(primary["elapsed_seconds"].get<double>(), 60.0, 0.01);
  EXPECT_EQ(primary["intervals"].size(), 6u);
  EXPECT_EQ(primary["bottleneck"]["resource"], "round trip");
  // The sentence's figures, for scripts: the 2 ms round trip the two -netDelay make.
  const json& figures = primary["bottleneck"]["evidence_figures"];
  EXPECT_EQ(figures["form"], "round_trip");
  EXPECT_NEAR(figures["round_trip_seconds"].get<double>(), 0.002, 1e-9);
  EXPECT_TRUE(figures["write_seconds"].is_null());
  // NEARSYNC = max(write, send + round trip) per flush of 65536 bytes; the
  // link's 50 MB/s carries 1448 bytes of payload in every 1538.
  const double expected = 65536 / 1e6 / (65536 / (50e6 * 1448 / 1538) + 0.002);
  EXPECT_NEAR(primary["log"]["mbytes_per_sec"].get<double>(), expected, expected * 0.01);
  EXPECT_NEAR(primary["bottleneck"]["mode_forecasts_mbytes_per_sec"]["NEARSYNC"].get<double>(),
              expected, expected * 0.01);
  EXPECT_TRUE(standby["bottleneck"].is_null());
  EXPECT_EQ(standby["models"]["replay"]["flushes"], standby["log"]["flushes"]);
}

// -model prints each side as that side would print it on its own host: the
// primary's section ends with the pair's verdict, the standby's follows.
TEST(Model, EachSideIsPrintedAsARealSideWithThePairsVerdictInThePrimarys) {
  ChildProcess model(
      {"-model", "-disk", "200", "0.0005", "-replay", "20", "-syncMode", "ASYNC", "-t", "5"});
  ASSERT_EQ(model.wait(kRunBound), 0) << model.err();
  const std::string out = model.out();
  const std::size_t standby_at = out.find("======== standby ========");
  const std::size_t verdict_at = out.find("Bottleneck: ");
  ASSERT_NE(standby_at, std::string::npos);
  ASSERT_NE(verdict_at, std::string::npos);
  EXPECT_LT(verdict_at, standby_at) << out;
  EXPECT_EQ(out.find("Bottleneck: ", verdict_at + 1), std::string::npos) << out;
  EXPECT_NE(line_starting(out, "Bottleneck: ").find("standby replay"), std::string::npos) << out;
}

// Once both sides of a -demo have ended, the primary is advised with its
// standby's figures: the slow replay, not a guess from the primary's side.
TEST(Replay, TheDemosPrimaryIsAdvisedWithItsStandbysFigures) {
  ChildProcess demo({"-demo", "-syncMode", "NEARSYNC", "-n", "200", "-disk", "200", "0.0005",
                     "-replay", "5", "-json", "-"});
  ASSERT_EQ(demo.wait(kRunBound), 0) << demo.err();
  const json doc = json::parse(demo.out());
  EXPECT_EQ(doc["runs"][0]["bottleneck"]["resource"], "standby replay") << demo.err();
  EXPECT_EQ(doc["runs"][0]["bottleneck"]["evidence_figures"]["form"], "replay");
}

TEST(Model, AWorkloadDrivenLoggerReportsItsFlushSizesAndCommitWait) {
  const fs::path doc = scratch_file("models", "logger.json");
  ChildProcess run({"-model", "-syncMode", "SYNC", "-logRate", "10", "-logBufSize", "256", "-disk",
                    "100", "0.002", "-t", "10", "-json", doc.string()});
  ASSERT_EQ(run.wait(kRunBound), 0) << run.err();
  const std::string out = run.out();
  EXPECT_NE(out.find("Distribution of flush size (unit is page):"), std::string::npos);
  EXPECT_NE(out.find("Commit wait: average "), std::string::npos);
  EXPECT_EQ(expect_valid_json(doc.string()), 1u);
  std::ifstream in(doc);
  const json primary = json::parse(in)["runs"][0];
  EXPECT_NEAR(primary["log"]["mbytes_per_sec"].get<double>(), 10.0, 0.2);
  EXPECT_GT(primary["models"]["flush_size_pages"]["avg"].get<int>(), 1);
  EXPECT_GT(primary["models"]["commit_wait"]["avg_seconds"].get<double>(), 0.002);
}

// -tcpCost: each side's thread pays for TCP's work on every byte; the report,
// the verdict and -json say what each side was charged.
TEST(Model, TcpCostIsEachSidesThreadAndTheSlowerOneSetsThePace) {
  const fs::path doc = scratch_file("models", "tcp_cost.json");
  // The primary's 0.5 s per GB sets the pace (2000 MB/s); the standby's 0.25 does not.
  ChildProcess run({"-model", "-syncMode", "ASYNC", "-tcpCost", "0.5,0.25", "-n", "1000", "-json",
                    doc.string()});
  ASSERT_EQ(run.wait(kRunBound), 0) << run.err();
  const std::string out = run.out();
  for (const char* line :
       {"TCP: modelled, 0.500000 CPU seconds per GB of log sending on this side (-tcpCost).",
        "TCP: modelled, 0.250000 CPU seconds per GB of log receiving on this side (-tcpCost).",
        "Bottleneck: sender CPU: -tcpCost: TCP's work on each flush of 65536 bytes takes the "
        "primary 0.000033 s of CPU",
        "ASYNC: Total 65536000 bytes in 0.032768 seconds, 2000.000000 MBytes/sec"}) {
    EXPECT_NE(out.find(line), std::string::npos) << line << "\n" << out;
  }
  EXPECT_EQ(expect_valid_json(doc.string()), 1u);
  std::ifstream in(doc);
  const json runs = json::parse(in)["runs"];
  EXPECT_EQ(runs[0]["models"]["tcp_cost_seconds_per_gb"], 0.5);
  EXPECT_EQ(runs[1]["models"]["tcp_cost_seconds_per_gb"], 0.25);
  EXPECT_EQ(runs[0]["bottleneck"]["evidence_figures"]["form"], "modelled_sender_cpu");
}

TEST(NetworkModel, ALoopbackPairIsShapedAndTheAdvisorNamesTheWindow) {
  const PairRun run = run_pair({"-syncMode", "ASYNC", "-t", "1", "-netDelay", "0.005", "-netRate",
                                "12.5", "-sockSndBuf", "65536", "-sockRcvBuf", "65536"});
  ASSERT_EQ(run.primary_status, 0) << run.primary_err;
  ASSERT_EQ(run.standby_status, 0) << run.standby_err;
  EXPECT_EQ(run.primary.log_bytes, run.standby.log_bytes);
  EXPECT_GT(run.primary.congestions, 0u);
  EXPECT_NE(run.primary_out.find("network model: one-way delay 0.005000 second, rate "
                                 "12.500000 MBytes/sec, window 65536 bytes"),
            std::string::npos);
  if (expect_bottleneck(run.primary_out, "socket buffer window: ")) {
    // 12.5 MB/s x 1448/1538 of payload x 10 ms.
    EXPECT_NE(run.primary_out.find("Socket buffer covering bandwidth x round trip: 117685 bytes"),
              std::string::npos);
  }
}

TEST(NetworkModel, AcksComeBackOneRoundTripLate) {
  const fs::path doc = scratch_file("models", "acks.json");
  const PairRun run =
      run_pair({"-syncMode", "NEARSYNC", "-n", "20", "-netDelay", "0.01", "-json", doc.string()});
  ASSERT_EQ(run.primary_status, 0) << run.primary_err;
  std::ifstream in(doc);
  const json primary = json::parse(in)["runs"][0];
  // No flush can be shipped in less than the 20 ms round trip.
  EXPECT_GE(primary["distributions"]["log_shipping_time"]["min"].get<int>(), 20000);
  EXPECT_EQ(primary["log"]["flushes"], 20);
}

TEST(Replay, ASlowReplayFillsTheRealStandbysBuffer) {
  ChildProcess demo({"-demo", "-syncMode", "ASYNC", "-n", "200", "-disk", "500", "0", "-replay",
                     "5", "-hadrBufSize", "64", "-json", "-"});
  ASSERT_EQ(demo.wait(kRunBound), 0) << demo.err();
  const json doc = json::parse(demo.out());
  const json& standby = doc["runs"][1];
  EXPECT_EQ(standby["log"]["flushes"], 200);
  EXPECT_EQ(standby["models"]["replay"]["flushes"], 200);
  // The last flush was written moments before the end; its replay, 13 ms, had not ended.
  EXPECT_GE(standby["models"]["replay"]["awaiting_flushes"], 1);
  EXPECT_LE(standby["models"]["replay"]["awaiting_flushes"], 4);  // what 64 pages hold
  EXPECT_NE(demo.err().find("Still awaiting replay when the run ended: "), std::string::npos);
  EXPECT_DOUBLE_EQ(standby["models"]["receive_buffer_use"]["max_fraction"].get<double>(), 1.0);
  EXPECT_GT(standby["models"]["receive_buffer_use"]["full_seconds"].get<double>(), 0.0);
  EXPECT_EQ(standby["bottleneck"]["resource"], "standby replay");
  EXPECT_NE(demo.err().find("StandByRcvBufUsed: average "), std::string::npos);
}

TEST(FlushSizes, AListIsShippedInOrderAndTheHandshakeCarriesTheLargest) {
  const fs::path sizes = scratch_file("models", "sizes.txt");
  std::ofstream(sizes) << "# pages per flush\n1\n4\n\n16  # the largest\n";
  ChildProcess demo({"-demo", "-syncMode", "NEARSYNC", "-n", "30", "-flushSizes", sizes.string()});
  ASSERT_EQ(demo.wait(kRunBound), 0) << demo.err();
  const std::string out = demo.out();
  EXPECT_NE(out.find("flushSize=16"), std::string::npos);
  const std::string standby = out.substr(out.find("======== standby ========"));
  EXPECT_NE(standby.find("Total " + std::to_string(10 * 21 * 4096) + " bytes"), std::string::npos)
      << standby;
  EXPECT_NE(out.find("Distribution of flush size (unit is page):"), std::string::npos);
}

// A flush's -tcpCost time is not in step with its size (its pieces overlap
// the standby's): the forecast for a mix of sizes is the mix's, not the mean
// flush's (SYNC 1289 MB/s for 1501 measured). A disk's two caps are budgets
// apart: the small flushes spend IOPS, the large ones throughput (94 MB/s if
// each flush waited for its stricter cap, 125 measured). Without an ack, the
// wire carries the large flushes while the small ones are written (39 MB/s if
// each flush's write waited for its shipping, 47 measured).
TEST(FlushSizes, TheModesForecastIsTheMixsNotTheMeanFlushs) {
  const fs::path sizes = scratch_file("models", "mixed-sizes.txt");
  std::ofstream(sizes) << "1 40\n128 3\n8 20\n64 10\n";
  // SYNC's 1.5 GB/s is 30 GB in 20 s, which the sanitizer builds take seconds
  // to play; with no disk bucket to drain, 5 s give its pace as well.
  for (const std::vector<std::string>& models :
       {std::vector<std::string>{"-syncMode", "SYNC", "-tcpCost", "0.5", "-t", "5"},
        std::vector<std::string>{"-syncMode", "NEARSYNC", "-tcpCost", "0.5", "-netRate", "100",
                                 "-netDelay", "0.001", "-t", "20"},
        std::vector<std::string>{"-syncMode", "ASYNC", "-disk", "1000", "0", "3000", "125", "-t",
                                 "20"},
        std::vector<std::string>{"-syncMode", "SUPERASYNC", "-disk", "100", "0.0005", "-netRate",
                                 "50", "-tls", "-tlsCost", "0.5", "-t", "20"}}) {
    const fs::path doc = scratch_file("models", "mixed-sizes.json");
    std::vector<std::string> args{"-model", "-flushSizes", sizes.string(), "-json", doc.string()};
    args.insert(args.end(), models.begin(), models.end());
    ChildProcess run(args);
    ASSERT_EQ(run.wait(kRunBound), 0) << run.err();
    std::ifstream in(doc);
    const json primary = json::parse(in)["runs"][0];
    const double headline = primary["log"]["mbytes_per_sec"].get<double>();
    const double forecast =
        primary["bottleneck"]["mode_forecasts_mbytes_per_sec"][models[1]].get<double>();
    // Within the flushes in flight when the run's time was up, and the disk's
    // buckets, which start full.
    EXPECT_NEAR(forecast, headline, 0.01 * headline) << models[1] << "\n" << run.out();
  }
}

TEST(FlushSizes, ABadFileIsRefusedWithItsLine) {
  const fs::path sizes = scratch_file("models", "bad-sizes.txt");
  std::ofstream(sizes) << "4\n4 100\n";
  ChildProcess refused({"-model", "-disk", "10", "0", "-flushSizes", sizes.string()});
  EXPECT_EQ(refused.wait(10s), 2);
  EXPECT_NE(refused.err().find("line 2"), std::string::npos) << refused.err();
}

}  // namespace
}  // namespace simhadr::e2e

namespace simhadr::e2e {
namespace {

// -netOutage through the binary: each side's Stalls and Log gap lines, the
// marked intervals, the document, and Db2's HADR_TIMEOUT past its end.
TEST(ModelOutages, EachSideReportsTheOutagesTheGapAndItsCatchUp) {
  const fs::path doc = scratch_file("models", "outages.json");
  ChildProcess run({"-model", "-syncMode", "SUPERASYNC", "-netRate", "12.5", "-target", "6",
                    "-netOutage", "2", "-netOutageEvery", "10", "-t", "30", "-interval", "5",
                    "-json", doc.string()});
  ASSERT_EQ(run.wait(kRunBound), 0) << run.err();
  const std::string out = run.out();
  const std::string stalls =
      "Stalls: 2, longest 2.000 s (at 10.000 s), 4.000 s in all (13.3% of the run).";
  const std::size_t first = out.find(stalls);
  ASSERT_NE(first, std::string::npos) << out;
  EXPECT_NE(out.find(stalls, first + 1), std::string::npos) << "the standby's too";
  EXPECT_NE(out.find("Log gap: worst "), std::string::npos);
  EXPECT_NE(out.find("s: 6.000 MB/s"), std::string::npos);
  EXPECT_NE(out.find(", stalled 2.000 s"), std::string::npos) << out;
  EXPECT_EQ(out.find("HADR timeout:"), std::string::npos);
  EXPECT_EQ(expect_valid_json(doc.string()), 1u);
  std::ifstream in(doc);
  const json primary = json::parse(in)["runs"][0];
  EXPECT_EQ(primary["stalls"]["count"], 2);
  EXPECT_FALSE(primary["stalls"]["left_peer_state"].get<bool>());
  EXPECT_NEAR(primary["log_gap"]["worst_bytes"].get<double>(), 12e6, 0.01 * 12e6);
  EXPECT_TRUE(primary["log_gap"]["caught_up"].get<bool>());
  // The run kept its -target pace through the outages; a heavier load would meet the link.
  EXPECT_EQ(primary["bottleneck"]["resource"], "target");
  EXPECT_EQ(primary["bottleneck"]["nearest_limit"]["resource"], "network bandwidth");
  EXPECT_NEAR(primary["bottleneck"]["measured_mbytes_per_sec"].get<double>(), 6, 0.06);
  EXPECT_NE(primary["bottleneck"]["evidence"].get<std::string>().find(
                "which the run's -target pace absorbed"),
            std::string::npos);
}

// A gap the run ended before closing: what was left to close and the pace it
// closed at, the figures the guide shows (docs/guide/failure-costs.md).
TEST(ModelOutages, AGapLeftOpenSaysWhatIsLeftAndHowFastItCloses) {
  const fs::path doc = scratch_file("models", "left-open.json");
  ChildProcess run({"-model", "-syncMode", "SUPERASYNC", "-netRate", "12.5", "-target", "4",
                    "-netOutage", "30", "-t", "60", "-json", doc.string()});
  ASSERT_EQ(run.wait(kRunBound), 0) << run.err();
  EXPECT_NE(run.out().find("Log gap: worst 119970416 bytes (30.004 s of log), not caught up 15.002 "
                           "s after the outage ended, when the run did, with 3356810 bytes still "
                           "to close, closing at 7.766 MBytes/sec: about 0.432 s more."),
            std::string::npos)
      << run.out();
  std::ifstream in(doc);
  const json gap = json::parse(in)["runs"][0]["log_gap"];
  EXPECT_FALSE(gap["caught_up"].get<bool>());
  EXPECT_EQ(gap["behind_bytes"], 3356810);
  EXPECT_NEAR(gap["closing_mbytes_per_sec"].get<double>(), 7.766, 0.0005);
}

TEST(ModelOutages, AnOutageLongerThanTheHadrTimeoutLeavesPeerStateInEachMode) {
  for (const std::string mode : {"SYNC", "ASYNC", "SUPERASYNC"}) {
    ChildProcess run({"-model", "-syncMode", mode, "-netRate", "12.5", "-target", "6", "-netOutage",
                      "20", "-hadrTimeout", "15", "-t", "60"});
    ASSERT_EQ(run.wait(kRunBound), 0) << run.err();
    const std::string line = line_starting(run.out(), "HADR timeout: ");
    EXPECT_NE(line.find("the stall at 20.000 s lasted 20.000 s, longer than -hadrTimeout 15 s: "
                        "Db2 would close the connection 15 s into it"),
              std::string::npos)
        << run.out();
    const bool peer = mode != "SUPERASYNC";
    EXPECT_EQ(line.find("leave peer state") != std::string::npos, peer) << line;
  }
}

}  // namespace
}  // namespace simhadr::e2e
