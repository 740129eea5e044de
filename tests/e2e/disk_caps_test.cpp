// -disk's IOPS and MB/s caps: the command line, -model's arithmetic and the
// advisor's naming of the cap that binds. Counts and model arithmetic only.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "pair_run.hpp"

namespace simhadr::e2e {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

struct ModelRun {
  ParsedReport report;
  std::string out;
};

// -model over 10 s of virtual time on a fast disk capped at 500 IOPS and 60 MB/s.
ModelRun capped_model(const std::string& mode, const std::string& pages) {
  ChildProcess run({"-model", "-syncMode", mode, "-flushSize", pages, "-disk", "1000", "0.0001",
                    "500", "60", "-t", "10"});
  EXPECT_EQ(run.wait(kRunBound), 0) << run.err();
  return {parse_report(run.out()).value_or(ParsedReport{}), run.out()};
}

TEST(DiskCaps, AnIopsCapHoldsOnePageFlushesToItsRateInEveryMode) {
  for (const std::string mode : {"SYNC", "NEARSYNC", "ASYNC", "SUPERASYNC"}) {
    const ModelRun run = capped_model(mode, "1");
    // 10 s at 500 writes a second, and the bucket's tenth of a second (50) on top. SYNC's
    // two writes in series do not halve it: each disk's cap holds its own writes.
    EXPECT_GE(run.report.flushes, 5000u) << mode;
    EXPECT_LE(run.report.flushes, 5000u + 51u) << mode;
    EXPECT_NE(run.out.find("Bottleneck: log disk IOPS cap: "), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("its cap of 500 IOPS starts one every 0.002000 s"), std::string::npos)
        << run.out;
  }
}

TEST(DiskCaps, AThroughputCapHoldsLargeFlushesAndTheAdvisorNamesIt) {
  const ModelRun run = capped_model("SYNC", "256");
  // 60 MB/s of 1 MiB flushes for 10 s (572.2), and 6 MB of bucket (5.7) on top.
  EXPECT_GE(run.report.flushes, 572u);
  EXPECT_LE(run.report.flushes, 572u + 6u + 1u);
  EXPECT_NE(run.out.find("Bottleneck: log disk throughput cap: "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("disk caps: 500 IOPS, 60.000000 MB/second"), std::string::npos);
}

TEST(DiskCaps, BelowTheKneeTheAdvisorSaysWhatMoreIopsWouldGive) {
  const ModelRun run = capped_model("NEARSYNC", "16");
  // 16 pages at 500 IOPS: 32.768 MB/s; with the IOPS cap lifted the MB/s cap holds it to 60,
  // which 60e6 / 65536 = 916 IOPS reach.
  EXPECT_NE(run.out.find("32.768000 MBytes/sec; a tier of 916 IOPS or more would give "
                         "60.000000 MBytes/sec"),
            std::string::npos)
      << run.out;
}

TEST(DiskCaps, TheCommandLineTakesTwoToFourValuesAndZeroIsNoCap) {
  ChildProcess five({"-model", "-disk", "100", "0.001", "500", "60", "7"});
  EXPECT_EQ(five.wait(kRunBound), 2);
  ChildProcess one({"-model", "-disk", "100"});
  EXPECT_EQ(one.wait(kRunBound), 2);
  ChildProcess negative({"-model", "-disk", "100", "0.001", "-5"});
  EXPECT_EQ(negative.wait(kRunBound), 2);
  const std::string doc = scratch_file("disk_caps", "mbps_only.json").string();
  ChildProcess mbps_only({"-model", "-disk", "100", "0.001", "0", "125", "-t", "1", "-json", doc});
  ASSERT_EQ(mbps_only.wait(kRunBound), 0) << mbps_only.err();
  std::ifstream in(doc);
  const json disk = json::parse(in)["config"]["disk"];
  EXPECT_TRUE(disk["iops_cap"].is_null());
  EXPECT_EQ(disk["cap_mbytes_per_sec"], 125.0);
}

// One interval of the calculator page's sample workload: 17.6 pages a flush.
constexpr std::string_view kOneInterval =
    "Logging rate:\n"
    "2013-02-26 15:32:09  7.307 MB/s, 60 sec,  17.6 pg/f, 0.009435 sec/f,  15.9 pg/tr, "
    "0.186589 sec/tr, 0.008580 sec/cmt, nOpenTrans  22.7\n";

TEST(DiskCaps, TheCalculatorAndItsSimulatedPairHoldEachFlushToTheCaps) {
  const fs::path input = scratch_file("disk_caps", "scan.txt");
  std::ofstream(input) << kOneInterval;
  const std::string doc = scratch_file("disk_caps", "calculate.json").string();
  ChildProcess run({"-calculate", input.string(), "-network", "1000", ".0001", "-disk", "1000",
                    ".0001", "500", "60", "-model", "-json", doc});
  ASSERT_EQ(run.wait(kRunBound), 0) << run.err();
  EXPECT_NE(run.out().find("simhadr: Disk caps: 500 IOPS, 60 MB/s"), std::string::npos)
      << run.out();
  std::ifstream in(doc);
  const json calculation = json::parse(in)["calculation"];
  EXPECT_EQ(calculation["disk"]["iops_cap"], 500.0);
  // The calculator's 60 MiB/s, held in MBytes/s.
  EXPECT_DOUBLE_EQ(calculation["disk"]["cap_mbytes_per_sec"].get<double>(), 60 * 1.048576);
  for (const auto& [mode, figures] : calculation["intervals"][0]["modes"].items()) {
    // 17.6 pages sit under the knee (60 MiB/s over 500 IOPS is 30.7 pages): a flush every 2 ms.
    EXPECT_DOUBLE_EQ(figures["closed_form"]["min"]["flush_seconds"].get<double>(), 0.002) << mode;
    // The simulated pair starts with the buckets spent, as a workload long under way has them.
    const double simulated = figures["simulated"]["min"]["flush_seconds"];
    EXPECT_NEAR(simulated, 0.002, 0.002 * 0.03) << mode;
  }
}

}  // namespace
}  // namespace simhadr::e2e
