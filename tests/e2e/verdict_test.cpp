// The advisor's paragraph against the run it describes, on the commands a
// DBA runs: a load that was carried is said to be, with what would limit a
// heavier one; the forecast is what each mode could carry, not the demand;
// the pages-per-flush line says what was shipped. Every -json document of the
// e2e tests is also held to its own figures (tests/json/validate.py).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "pair_run.hpp"

namespace simhadr::e2e {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

// The primary's side of a run's document, checked against the schema and its own figures.
json primary_of(const std::vector<std::string>& args, const std::string& name) {
  const fs::path doc = scratch_file("verdict", name + ".json");
  ChildProcess run(concat(args, {"-json", doc.string()}));
  EXPECT_EQ(run.wait(kRunBound), 0) << run.err();
  EXPECT_EQ(expect_valid_json(doc.string()), 1u);
  std::ifstream in(doc);
  return json::parse(in)["runs"][0];
}

double forecast(const json& side, const std::string& mode) {
  return side["bottleneck"]["mode_forecasts_mbytes_per_sec"][mode].get<double>();
}

TEST(Verdict, ALogRateTheDisksCarryIsTheWorkloadsAndItsForecastDoesNotMoveWithIt) {
  const std::vector<std::string> pair{"-model", "-syncMode",    "NEARSYNC", "-logBufSize",
                                      "256",    "-hadrBufSize", "4096",     "-disk",
                                      "100",    "0.002",        "-t",       "60"};
  const json light = primary_of(concat(pair, {"-logRate", "10"}), "light");
  const json heavy = primary_of(concat(pair, {"-logRate", "30"}), "heavy");
  for (const json* side : {&light, &heavy}) {
    const json& verdict = (*side)["bottleneck"];
    EXPECT_EQ(verdict["resource"], "workload") << verdict;
    EXPECT_EQ(verdict["evidence_figures"]["form"], "load_carried");
    EXPECT_EQ(verdict["nearest_limit"]["resource"], "primary and standby disks") << verdict;
    EXPECT_NE(verdict["evidence"].get<std::string>().find("commits waiting"), std::string::npos);
    EXPECT_EQ(verdict["flush_bytes"].get<double>(), 256 * 4096);
  }
  for (const std::string mode : {"SYNC", "NEARSYNC", "ASYNC", "SUPERASYNC"}) {
    EXPECT_NEAR(forecast(light, mode), forecast(heavy, mode), 0.02 * forecast(heavy, mode)) << mode;
  }
}

TEST(Verdict, NothingModelledNamesNoResource) {
  const json side = primary_of({"-model", "-syncMode", "NEARSYNC", "-logRate", "12", "-logBufSize",
                                "256", "-hadrBufSize", "4096", "-t", "60"},
                               "nothing");
  EXPECT_EQ(side["bottleneck"]["resource"], "workload");
  EXPECT_TRUE(side["bottleneck"]["nearest_limit"].is_null());
  EXPECT_NE(side["bottleneck"]["evidence"].get<std::string>().find("no figure limits this mode"),
            std::string::npos);
}

TEST(Verdict, ATargetRunIsMeasuredAtItsHeadline) {
  for (const std::string mode : {"ASYNC", "SYNC"}) {
    const json side =
        primary_of({"-demo", "-syncMode", mode, "-target", "50", "-t", "2"}, "target" + mode);
    const json& verdict = side["bottleneck"];
    EXPECT_EQ(verdict["measured_mbytes_per_sec"], side["log"]["mbytes_per_sec"]);
    // A busy host may keep the run from its target; then another resource is named.
    if (verdict["resource"] == "target") {
      EXPECT_FALSE(verdict["nearest_limit"].is_null()) << verdict;
    }
  }
}

TEST(Verdict, ThePagesPerFlushLineSaysWhatWasShipped) {
  ChildProcess run({"-model", "-syncMode", "NEARSYNC", "-logRate", "10", "-logBufSize", "256",
                    "-disk", "100", "0.002", "-t", "10"});
  ASSERT_EQ(run.wait(kRunBound), 0) << run.err();
  const std::string out = run.out();
  EXPECT_NE(out.find(" pages ("), std::string::npos);
  EXPECT_NE(out.find("/flush on average, the largest 256 pages (1048576 bytes)"), std::string::npos)
      << out;
}

}  // namespace
}  // namespace simhadr::e2e
