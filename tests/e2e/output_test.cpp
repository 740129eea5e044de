// -json, -csv and -interval from the real binary: every kind of run leaves a
// document that validates against docs/simhadr-result.schema.json, and its
// numbers are the text report's; CSV rows append under one header; a 3-second
// run with -interval 1 prints three interval lines that cover it.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "pair_run.hpp"

namespace simhadr::e2e {
namespace {

using namespace std::chrono_literals;
using nlohmann::json;
namespace fs = std::filesystem;

void write_file(const fs::path& path, const std::string& text) {
  std::ofstream(path) << text;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The text report prints 6 decimals; the document keeps the full double.
constexpr double kPrinted = 5.01e-7;

void expect_side_matches_report(const json& side, const ParsedReport& text) {
  EXPECT_EQ(side["sync_mode"], text.mode);
  EXPECT_EQ(side["log"]["bytes"], text.log_bytes);
  EXPECT_EQ(side["log"]["flushes"], text.flushes);
  EXPECT_NEAR(side["elapsed_seconds"].get<double>(), text.elapsed_seconds, kPrinted);
  EXPECT_NEAR(side["log"]["mbytes_per_sec"].get<double>(), text.mbytes_per_sec, kPrinted);
  EXPECT_NEAR(side["log"]["seconds_per_flush"].get<double>(), text.seconds_per_flush, kPrinted);
  EXPECT_EQ(side["send"]["bytes"], text.sent_bytes);
  EXPECT_EQ(side["send"]["calls"], text.send_calls);
  EXPECT_EQ(side["recv"]["bytes"], text.recv_bytes);
  EXPECT_EQ(side["recv"]["calls"], text.recv_calls);
  EXPECT_EQ(side["congestion"]["count"], text.congestions);
  for (const auto& [title, count] : text.distribution_totals) {
    std::string key = title;
    std::ranges::replace(key, ' ', '_');
    EXPECT_EQ(side["distributions"][key]["count"], count) << title;
  }
}

TEST(JsonOutput, BothRolesDocumentsValidateAndAgreeWithTheirReports) {
  const fs::path primary_json = scratch_file("output", "primary.json");
  const fs::path standby_json = scratch_file("output", "standby.json");
  const PairRun run = run_pair({"-t", "1.5", "-interval", "0.5", "-disk", "400", "0.0001",
                                "-target", "800", "-json", primary_json.string()},
                               {"-disk", "400", "0.0001", "-json", standby_json.string()});
  ASSERT_EQ(run.primary_status, 0) << run.primary_err;
  ASSERT_EQ(run.standby_status, 0) << run.standby_err;
  expect_valid_json(primary_json.string());
  expect_valid_json(standby_json.string());
  const json primary = json::parse(read_file(primary_json));
  const json standby = json::parse(read_file(standby_json));
  EXPECT_EQ(primary["kind"], "primary");
  EXPECT_EQ(standby["kind"], "standby");
  ASSERT_EQ(primary["runs"].size(), 1u);
  expect_side_matches_report(primary["runs"][0], run.primary);
  expect_side_matches_report(standby["runs"][0], run.standby);
  EXPECT_EQ(primary["runs"][0]["disk"]["writes"], run.primary.write_calls);
  EXPECT_EQ(primary["runs"][0]["shipping_time_percentiles_us"]["count"], run.primary.flushes);
  EXPECT_FALSE(primary["runs"][0]["target"].is_null());
  EXPECT_GE(primary["runs"][0]["intervals"].size(), 3u);
}

// A standby runs in the mode and flush size its primary's handshake names; its
// document's config says so, as its run does.
TEST(JsonOutput, AStandbysConfigHasTheModeAndFlushSizeOfItsPrimarysHandshake) {
  const fs::path standby_json = scratch_file("output", "handshake.json");
  const PairRun run = run_pair({"-n", "50", "-syncMode", "ASYNC", "-flushSize", "32"},
                               {"-json", standby_json.string()});
  ASSERT_EQ(run.standby_status, 0) << run.standby_err;
  const json standby = json::parse(read_file(standby_json));
  EXPECT_EQ(standby["config"]["sync_mode"], "ASYNC");
  EXPECT_EQ(standby["config"]["flush_pages"], 32);
  EXPECT_EQ(standby["runs"][0]["sync_mode"], "ASYNC");
  EXPECT_EQ(standby["runs"][0]["flush_pages"], 32);
}

TEST(JsonOutput, TheDemoWritesItsDocumentToStdoutAndItsReportsToStderr) {
  ChildProcess demo({"-demo", "-n", "200", "-syncMode", "SYNC", "-json", "-"});
  ASSERT_EQ(demo.wait(kRunBound), 0) << demo.err();
  const fs::path document = scratch_file("output", "demo.json");
  write_file(document, demo.out());
  expect_valid_json(document.string());
  const json doc = json::parse(demo.out());
  ASSERT_EQ(doc["runs"].size(), 2u);
  EXPECT_EQ(doc["runs"][0]["role"], "primary");
  EXPECT_EQ(doc["runs"][1]["role"], "standby");
  EXPECT_EQ(doc["runs"][1]["log"]["flushes"], 200);
  const std::string err = demo.err();
  const std::size_t standby_at = err.find("======== standby ========");
  ASSERT_NE(standby_at, std::string::npos);
  const auto text = parse_report(err.substr(0, standby_at));
  ASSERT_TRUE(text);
  expect_side_matches_report(doc["runs"][0], *text);
}

TEST(JsonOutput, DiskTestsWriteTheirSizesAndTheFit) {
  const fs::path one_size = scratch_file("output", "write.json");
  ChildProcess write({"-write", scratch_file("output", "write.dat").string(), "-cache",
                      "-flushSize", "2", "-n", "40", "-json", one_size.string()});
  ASSERT_EQ(write.wait(kRunBound), 0) << write.err();
  expect_valid_json(one_size.string());
  const json written = json::parse(read_file(one_size));
  EXPECT_EQ(written["disk_test"]["sizes"][0]["ios"], 40);
  EXPECT_EQ(written["disk_test"]["sizes"][0]["latency_us"]["count"], 40);

  const fs::path fit = scratch_file("output", "fit.json");
  ChildProcess test_disk({"-testDisk", fs::path(SIMHADR_SCRATCH_DIR).string(), "-cache", "-n", "10",
                          "-json", fit.string()});
  ASSERT_EQ(test_disk.wait(kRunBound), 0) << test_disk.err();
  expect_valid_json(fit.string());
  EXPECT_EQ(json::parse(read_file(fit))["disk_test"]["sizes"].size(), 9u);
}

TEST(JsonOutput, ARunThatFailsEarlyStillLeavesADocumentWithTheError) {
  const fs::path document = scratch_file("output", "failed.json");
  ChildProcess primary(concat(primary_args("127.0.0.1", "0"),
                              {"-connectTimeout", "0.5", "-json", document.string()}));
  ASSERT_EQ(primary.wait(kRunBound), 1);
  expect_valid_json(document.string());
  const json doc = json::parse(read_file(document));
  EXPECT_TRUE(doc["runs"].empty());
  EXPECT_NE(doc["error"].get<std::string>().find("no standby connected"), std::string::npos);
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(CsvOutput, OneHeaderThenOneRowPerSideAndRunAppended) {
  const fs::path csv = scratch_file("output", "runs.csv");
  for (int run = 0; run < 2; ++run) {
    ChildProcess demo({"-demo", "-n", "30", "-csv", csv.string()});
    ASSERT_EQ(demo.wait(kRunBound), 0) << demo.err();
  }
  const std::vector<std::string> lines = lines_of(read_file(csv));
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_EQ(lines[0],
            "time,role,sync_mode,flush_pages,sock_snd_buf,sock_rcv_buf,standby_sock_snd_buf,"
            "standby_sock_rcv_buf,hadr_buf_pages,disk_mbytes_per_sec,disk_overhead_seconds,"
            "target_mbytes_per_sec,seconds,mbytes_per_sec,flushes,seconds_per_flush,"
            "ship_avg_seconds,ship_p99_seconds,congestions,congestion_seconds,end,"
            "cpu_user_seconds,cpu_system_seconds,cpu_wait_seconds,standby2_mbytes_per_sec,"
            "standby2_worst_lag_bytes,standby2_worst_lag_seconds,standby3_mbytes_per_sec,"
            "standby3_worst_lag_bytes,standby3_worst_lag_seconds,spool_max_bytes,stall_count,"
            "stall_longest_seconds,stall_total_seconds,tls_version,tls_cipher,tls_peer_verified,"
            "tls_overhead_bytes,tls_cost_seconds_per_gb,sock_snd_buf_requested,"
            "sock_rcv_buf_requested,payload,payload_file_bytes,compress,compress_ratio,"
            "compress_wire_bytes,compress_cpu_seconds_per_gb,disk_iops_cap,disk_cap_mbytes_per_sec,"
            "disk_limit");
  for (std::size_t i = 1; i < lines.size(); ++i) {
    EXPECT_EQ(std::ranges::count(lines[i], ','), 49) << lines[i];
    EXPECT_NE(lines[i].find(i % 2 == 1 ? ",primary,NEARSYNC,16," : ",standby,NEARSYNC,16,"),
              std::string::npos)
        << lines[i];
    EXPECT_NE(lines[i].find(",30,"), std::string::npos) << lines[i];
    EXPECT_NE(lines[i].find(",completed,"), std::string::npos) << lines[i];
  }
}

TEST(Interval, AThreeSecondRunPrintsThreeLinesThatCoverIt) {
  const fs::path document = scratch_file("output", "interval.json");
  const PairRun run =
      run_pair({"-t", "3", "-interval", "1", "-syncMode", "ASYNC", "-json", document.string()},
               {"-interval", "1"});
  ASSERT_EQ(run.primary_status, 0) << run.primary_err;
  for (const std::string* out : {&run.primary_out, &run.standby_out}) {
    const auto lines = lines_of(*out);
    EXPECT_EQ(std::ranges::count_if(
                  lines, [](const std::string& l) { return l.starts_with("Interval "); }),
              3)
        << *out;
  }
  const json intervals = json::parse(read_file(document))["runs"][0]["intervals"];
  ASSERT_EQ(intervals.size(), 3u);
  double previous_end = 0;
  std::uint64_t flushes = 0;
  for (const json& interval : intervals) {
    EXPECT_DOUBLE_EQ(interval["start_seconds"].get<double>(), previous_end);
    const double length = interval["end_seconds"].get<double>() - previous_end;
    // A boundary is noticed at the first flush after it: never early.
    EXPECT_GE(length, 0.99) << interval;
    EXPECT_LT(length, 1.5) << interval;
    previous_end = interval["end_seconds"].get<double>();
    flushes += interval["flushes"].get<std::uint64_t>();
  }
  EXPECT_EQ(flushes, run.primary.flushes);
}

}  // namespace
}  // namespace simhadr::e2e
