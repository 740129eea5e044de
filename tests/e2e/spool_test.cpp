// -spoolLimit: a standby whose replay is slower than the log spools what
// awaits replay instead of closing its window, in a real pair and in -model.
// Counts, verdicts and model arithmetic only.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "pair_run.hpp"

namespace simhadr::e2e {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

const std::vector<std::string> kSlowReplay = {"-replay", "20", "-hadrBufSize", "64"};
const std::vector<std::string> kAsyncAt60 = {"-syncMode", "ASYNC", "-target", "60", "-t", "2"};

TEST(Spool, WithoutASpoolASlowReplayHoldsThePrimaryBack) {
  const PairRun run = run_pair(kAsyncAt60, concat(kSlowReplay, {"-spoolLimit", "0"}));
  ASSERT_EQ(run.primary_status, 0) << run.primary_err;
  ASSERT_EQ(run.standby_status, 0) << run.standby_err;
  EXPECT_EQ(run.standby_out.find("Spool:"), std::string::npos);
  expect_bottleneck(run.standby_out, "standby replay");
  EXPECT_EQ(run.primary.sent_bytes, run.standby.recv_bytes);
}

TEST(Spool, AnUnlimitedSpoolTakesWhatReplayCannotAndTheStandbySaysHowMuch) {
  const fs::path doc = scratch_file("spool", "standby.json");
  const PairRun run =
      run_pair(kAsyncAt60, concat(kSlowReplay, {"-spoolLimit", "-1", "-json", doc.string()}));
  ASSERT_EQ(run.primary_status, 0) << run.primary_err;
  ASSERT_EQ(run.standby_status, 0) << run.standby_err;
  EXPECT_NE(run.standby_out.find("Spool: limit unlimited; "), std::string::npos) << run.standby_out;
  expect_bottleneck(run.standby_out, "not this standby");
  EXPECT_EQ(run.primary.sent_bytes, run.standby.recv_bytes);
  EXPECT_EQ(expect_valid_json(doc.string()), 1u);
  std::ifstream in(doc);
  const json spool = json::parse(in)["runs"][0]["models"]["spool"];
  EXPECT_EQ(spool["limit_pages"], "unlimited");
  EXPECT_GT(spool["flushes"].get<int>(), 0);
  EXPECT_GT(spool["max_bytes"].get<std::uint64_t>(), 0u);
}

double model_rate(const std::vector<std::string>& extra, json* standby = nullptr) {
  const fs::path doc = scratch_file("spool", "model.json");
  ChildProcess run(
      concat(concat({"-model", "-syncMode", "ASYNC", "-target", "60", "-t", "3"}, kSlowReplay),
             concat(extra, {"-json", doc.string()})));
  EXPECT_EQ(run.wait(kRunBound), 0) << run.err();
  std::ifstream in(doc);
  const json parsed = json::parse(in);
  if (standby) *standby = parsed["runs"][1];
  return parsed["runs"][0]["log"]["mbytes_per_sec"].get<double>();
}

TEST(Spool, TheModelHoldsTheTargetWithASpoolAndTheReplayRateWithout) {
  EXPECT_NEAR(model_rate({"-spoolLimit", "0"}), 20.0, 2.5);
  json standby;
  EXPECT_NEAR(model_rate({"-spoolLimit", "unlimited"}, &standby), 60.0, 0.6);
  // Replay falls behind at 60 - 20 MB/s for 3 s: the spool ends near 120 MB.
  EXPECT_NEAR(standby["models"]["spool"]["max_bytes"].get<double>(), 120e6, 120e6 * 0.05);
  // A spool of 10000 pages (40.96 MB) fills after about a second; then replay sets the pace.
  const double limited = model_rate({"-spoolLimit", "10000"}, &standby);
  EXPECT_LE(standby["models"]["spool"]["max_bytes"].get<std::uint64_t>(), 10000u * 4096);
  EXPECT_GT(limited, 25.0);
  EXPECT_LT(limited, 40.0);
}

// A takeover replays what awaits replay: the real standby measures it as -model does.
TEST(Spool, TheRealStandbySaysWhatATakeoverWouldReplay) {
  constexpr int kFlushPages = 16;
  const fs::path doc = scratch_file("spool", "takeover.json");
  const PairRun run = run_pair(concat(kAsyncAt60, {"-flushSize", std::to_string(kFlushPages)}),
                               concat(kSlowReplay, {"-spoolLimit", "1000", "-json", doc.string()}));
  ASSERT_EQ(run.standby_status, 0) << run.standby_err;
  EXPECT_NE(run.standby_out.find("Takeover: "), std::string::npos) << run.standby_out;
  std::ifstream in(doc);
  const json replay = json::parse(in)["runs"][0]["models"]["replay"];
  const json& takeover = replay["takeover"];
  EXPECT_EQ(takeover["end_bytes"], replay["awaiting_bytes"]);
  EXPECT_GE(takeover["worst_bytes"].get<std::uint64_t>(),
            takeover["end_bytes"].get<std::uint64_t>());
  // 20 MB/s of replay, no overhead: the replay a takeover needs is the bytes over the rate, less
  // what is already replayed of the oldest flush, which may be under way (at most one flush).
  const double all_of_them = takeover["end_bytes"].get<double>() / 20e6;
  const double one_flush = kFlushPages * 4096 / 20e6;
  EXPECT_LE(takeover["end_replay_seconds"].get<double>(), all_of_them + 1e-6);
  EXPECT_GT(takeover["end_replay_seconds"].get<double>(), all_of_them - one_flush);
}

TEST(Spool, AReplayDelayIsSuperAsyncsAlone) {
  ChildProcess model({"-model", "-syncMode", "NEARSYNC", "-replay", "20", "-replayDelay", "5"});
  EXPECT_EQ(model.wait(kRunBound), 2);
  EXPECT_NE(model.err().find("-replayDelay is for SUPERASYNC"), std::string::npos) << model.err();
  ChildProcess no_replay({"-model", "-syncMode", "SUPERASYNC", "-replayDelay", "5"});
  EXPECT_EQ(no_replay.wait(kRunBound), 2);
  const PairRun real =
      run_pair({"-syncMode", "ASYNC", "-t", "1"}, {"-replay", "20", "-replayDelay", "5"});
  EXPECT_EQ(real.standby_status, 1);
  EXPECT_NE(real.standby_err.find("the primary ships ASYNC"), std::string::npos)
      << real.standby_err;
}

}  // namespace
}  // namespace simhadr::e2e
