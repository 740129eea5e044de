// -logDir: each side writes its log for real, in place of -disk's sleep. Counts,
// files and messages only; what real writes cost is bench/capped-disk.sh's.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>

#include "pair_run.hpp"

namespace simhadr::e2e {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

std::vector<fs::path> log_files(const fs::path& dir) {
  std::vector<fs::path> found;
  for (const auto& entry : fs::directory_iterator(dir)) found.push_back(entry.path());
  return found;
}

TEST(LogDir, ASyncDemoWritesEveryFlushOnBothSidesAndLeavesNothingBehind) {
  const fs::path doc = scratch_file("log_dir", "demo.json");
  const fs::path dir = doc.parent_path() / "logs";
  fs::create_directories(dir);
  ChildProcess demo({"-demo", "-syncMode", "SYNC", "-flushSize", "4", "-n", "100", "-logDir",
                     dir.string(), "-json", doc.string()});
  ASSERT_EQ(demo.wait(kRunBound), 0) << demo.err();
  EXPECT_NE(demo.out().find("log file: " + (dir / "simhadr-log.primary.").string()),
            std::string::npos)
      << demo.out();
  EXPECT_NE(demo.out().find("log file: " + (dir / "simhadr-log.standby.").string()),
            std::string::npos);
  std::ifstream in(doc);
  const json runs = json::parse(in)["runs"];
  for (const json& side : runs) {
    EXPECT_EQ(side["disk"]["writes"], 100) << side["disk"];
    EXPECT_EQ(side["disk"]["bytes"], 100 * 4 * 4096);
    EXPECT_TRUE(side["disk"]["model"].is_null());
  }
  EXPECT_TRUE(log_files(dir).empty());
}

TEST(LogDir, AStandbyWritesForRealBehindANearSyncPrimary) {
  const fs::path dir = scratch_file("log_dir", "x").parent_path();
  const PairRun run =
      run_pair({"-syncMode", "NEARSYNC", "-flushSize", "8", "-n", "50"}, {"-logDir", dir.string()});
  ASSERT_EQ(run.primary_status, 0) << run.primary_err;
  ASSERT_EQ(run.standby_status, 0) << run.standby_err;
  EXPECT_EQ(run.standby.write_calls, 50u);
  EXPECT_NE(run.standby_out.find("log file: "), std::string::npos);
  EXPECT_TRUE(log_files(dir).empty());
}

TEST(LogDir, ALogFileThatCannotBeLaidOutEndsTheRunInOneLineAndLeavesNothing) {
  const fs::path dir = scratch_file("log_dir", "x").parent_path();
  // 200 blocks of 512 or 1024 bytes (the shell decides) hold far less than the 64 MiB layout.
  ChildProcess limited({"-c", "ulimit -f 200; exec " + binary_under_test() +
                                  " -demo -syncMode SYNC -t 1 -logDir " + dir.string()},
                       "/bin/sh");
  ASSERT_EQ(limited.wait(kRunBound), 1) << limited.err();
  EXPECT_NE(limited.err().find("-logDir " + dir.string() + ": "), std::string::npos)
      << limited.err();
  EXPECT_NE(limited.err().find("File too large"), std::string::npos) << limited.err();
  EXPECT_TRUE(log_files(dir).empty());
}

TEST(LogDir, WhatCannotWriteForRealIsRefusedInOneLine) {
  const std::string here = fs::path(SIMHADR_SCRATCH_DIR).string();
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"-demo", "-syncMode", "NEARSYNC", "-logDir", here},
       "-logDir on a primary writes each flush before shipping it"},
      {{"-demo", "-syncMode", "SYNC", "-logDir", here, "-disk", "100", "0.001"},
       "-logDir writes the log for real and -disk models its time"},
      {{"-model", "-syncMode", "SYNC", "-logDir", here}, "-model runs in virtual time"},
      {{"-demo", "-logDir", here + "/absent"}, "no such directory"},
      {{"-testDisk", here, "-logDir", here}, "this run ships none"},
  };
  for (const auto& [args, message] : cases) {
    ChildProcess run(args);
    EXPECT_EQ(run.wait(kRunBound), 2) << message;
    EXPECT_EQ(std::ranges::count(run.err(), '\n'), 1) << run.err();
    EXPECT_NE(run.err().find(message), std::string::npos) << run.err();
  }
}

}  // namespace
}  // namespace simhadr::e2e
