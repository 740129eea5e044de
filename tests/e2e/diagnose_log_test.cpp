// -diagnose on log and commit counters: the split, the fit, the log rate, and
// the confirming model.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "diagnose_run.hpp"
#include "pair_run.hpp"

namespace simhadr::e2e {
namespace diagnose_log_test {

using nlohmann::json;

// Log and commit counters: the verdict, the -disk of the line through the
// writes in the text and the -json, and the confirming model runs.
TEST(Diagnose, LogCountersSplitACommitAndFitTheLogDisk) {
  const std::string path = scratch_file("diagnose", "logdisk.json").string();
  ChildProcess run = diagnose({"logdisk.tlog.tbl", "logdisk.workload.csv"}, {"-json", path});
  ASSERT_EQ(run.wait(kRunBound), 0) << run.err();
  EXPECT_EQ(verdict_line(run.out()), "log disk") << run.out();
  const std::string command = line_after(run.out(), "Confirm with: ");
  EXPECT_NE(command.find("-logRate 7.958 -logBufSize 256 -disk 19.997 0.003999"), std::string::npos)
      << command;
  EXPECT_EQ(expect_valid_json(path), 1u);
  std::ifstream in(path);
  const json doc = json::parse(in)["diagnosis"];
  EXPECT_EQ(doc["verdict"], "log disk");
  EXPECT_TRUE(doc["channel"].is_null());
  const json& log = doc["logs"].at(0);
  EXPECT_NEAR(log["disk_fit"]["mbytes_per_sec"].get<double>(), 20.0, 1.0);
  EXPECT_NEAR(log["disk_fit"]["overhead_seconds"].get<double>(), 0.004, 0.0002);
  EXPECT_EQ(log["split"]["of"], "commit");
  EXPECT_EQ(log["intervals"].size(), 7u);
}

TEST(Diagnose, Db2pdLogsGiveTheLogRateAndTheModelThatPlansIt) {
  ChildProcess dated = diagnose({"lograte.logs.txt"});
  ASSERT_EQ(dated.wait(kRunBound), 0) << dated.err();
  EXPECT_NE(dated.out().find("Log written: 45000000 bytes in 15 s, 3.000 MB/s"), std::string::npos)
      << dated.out();
  EXPECT_NE(line_after(dated.out(), "Confirm with: ").find("-logRate 3.000"), std::string::npos);
  ChildProcess plain = diagnose({"lograte.nodate.logs.txt"});
  ASSERT_EQ(plain.wait(kRunBound), 0) << plain.err();
  EXPECT_NE(plain.out().find("Log written: 7654321 bytes (no times: a rate needs them)"),
            std::string::npos)
      << plain.out();
  EXPECT_EQ(plain.out().find("Confirm with:"), std::string::npos);
}

}  // namespace diagnose_log_test
}  // namespace simhadr::e2e
