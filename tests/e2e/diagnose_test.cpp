// -diagnose on the inputs in tests/diagnose (tests/diagnose/generate.py):
// every verdict from IBM's rules in each format, the controls, the -json
// document, the -model line that confirms replay and network verdicts, and
// each refusal with its file and line.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "diagnose_run.hpp"
#include "pair_run.hpp"

namespace simhadr::e2e {
namespace {

using namespace std::chrono_literals;
using nlohmann::json;

struct Case {
  std::vector<std::string> files;
  std::string verdict;
};

const std::vector<Case>& cases() {
  static const std::vector<Case> all{
      {{"replay.primary.txt", "replay.standby.txt"}, "standby replay"},
      {{"replay.standby.txt"}, "standby replay"},
      {{"replay_v97.primary.txt", "replay_v97.standby.txt"}, "standby replay"},
      {{"replay_v101.standby.txt"}, "standby replay"},
      {{"device_full.standby.txt"}, "standby log device full"},
      {{"network.primary.txt", "network.standby.txt"}, "network"},
      {{"network_mon.primary.csv"}, "network"},
      {{"network_mon.primary.tbl"}, "network"},
      {{"peer_window.primary.txt"}, "peer window"},
      {{"disconnected.primary.txt"}, "disconnected"},
      {{"healthy.primary.txt", "healthy.standby.txt"}, "healthy"},
      {{"reconnected.primary.txt"}, "healthy"},
      {{"superasync.primary.txt"}, "healthy"},
      {{"one_sample.primary.txt"}, "unknown"},
  };
  return all;
}

TEST(Diagnose, EachCaseGetsTheVerdictIbmsRulesGive) {
  for (const Case& c : cases()) {
    const std::string path = scratch_file("diagnose", c.files.front() + ".json").string();
    ChildProcess run = diagnose(c.files, {"-json", path});
    ASSERT_EQ(run.wait(kRunBound), 0) << c.files.front() << ": " << run.err();
    EXPECT_EQ(verdict_line(run.out()), c.verdict) << c.files.front() << "\n" << run.out();
    EXPECT_EQ(expect_valid_json(path), 1u) << c.files.front();
    std::ifstream in(path);
    const json doc = json::parse(in);
    EXPECT_EQ(doc["kind"], "diagnose");
    const json& verdict = doc["diagnosis"]["verdict"];
    EXPECT_EQ(verdict.is_null() ? "unknown" : verdict.get<std::string>(), c.verdict);
    EXPECT_EQ(doc["diagnosis"]["channels"].size(), 1u) << c.files.front();
  }
}

TEST(Diagnose, TheTableHasARowPerSampleOfTheLeadSide) {
  ChildProcess run = diagnose({"healthy.primary.txt", "healthy.standby.txt"});
  ASSERT_EQ(run.wait(kRunBound), 0) << run.err();
  const std::string out = run.out();
  EXPECT_NE(out.find("Diagnose: " + input("healthy.primary.txt") + " (db2pd, 7 samples), " +
                     input("healthy.standby.txt") + " (db2pd, 7 samples)"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("primary and standby samples"), std::string::npos);
  EXPECT_NE(out.find("\n08:00:10    P PEER                   CONNECTED       12.000    11.999      "
                     "12.000      0.012     6       -     2.00       0  TCP_PROTOCOL\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("Over 60 s: logged 12.000 MB/s, shipped 12.000 MB/s, replayed 12.000 MB/s; "
                     "400.0 writes/s of 7.3 pages; 2.00 ms a write waited for HADR"),
            std::string::npos)
      << out;
}

// The model's own Bottleneck line names the side the diagnosis named.
void expect_model_confirms(const std::vector<std::string>& files,
                           const std::vector<std::string>& resources) {
  ChildProcess run = diagnose(files);
  ASSERT_EQ(run.wait(kRunBound), 0) << run.err();
  const std::string command = line_after(run.out(), "Confirm with: ");
  ASSERT_TRUE(command.starts_with("simhadr -model ")) << run.out();
  std::vector<std::string> args;
  std::istringstream words(command.substr(std::string("simhadr ").size()));
  for (std::string word; words >> word;) args.push_back(word);
  ChildProcess model(args);
  ASSERT_EQ(model.wait(kRunBound), 0) << command << "\n" << model.err();
  const std::string bottleneck = line_after(model.out(), "Bottleneck: ");
  EXPECT_TRUE(std::ranges::any_of(
      resources, [&](const std::string& r) { return bottleneck.starts_with(r + ":"); }))
      << files.front() << ": " << command << "\n"
      << bottleneck;
  EXPECT_TRUE(model.err().empty()) << command << "\n" << model.err();
}

TEST(Diagnose, TheModelLineConfirmsStandbyReplay) {
  for (const Case& c : cases()) {
    if (c.verdict == "standby replay") expect_model_confirms(c.files, {"standby replay"});
  }
}

TEST(Diagnose, TheModelLineConfirmsTheNetwork) {
  for (const Case& c : cases()) {
    if (c.verdict == "network") {
      expect_model_confirms(c.files, {"network bandwidth", "round trip", "socket buffer window"});
    }
  }
}

TEST(Diagnose, TheNetworkVerdictGivesTheRunsForBothHosts) {
  ChildProcess run = diagnose({"network.primary.txt", "network.standby.txt"});
  ASSERT_EQ(run.wait(kRunBound), 0) << run.err();
  const std::string out = run.out();
  EXPECT_NE(out.find("  on dbhost-b.example.com: simhadr -role standby -lhost dbhost-b.example.com "
                     "-lport 55000 -rhost dbhost-a.example.com -rport 55000 -sockSndBuf 1048576 "
                     "-sockRcvBuf 1048576\n"),
            std::string::npos)
      << out;
  EXPECT_NE(
      out.find(
          "  on dbhost-b.example.com: simhadr -testDisk STANDBY_LOG_PATH -flushSize 24 -t 60\n"),
      std::string::npos)
      << out;
  EXPECT_NE(out.find("Finding: SOCK_SEND_BUF on the primary: DB2_HADR_SOSNDBUF asked for 1048576 "
                     "bytes, the system gave 425984"),
            std::string::npos);
  EXPECT_NE(out.find("Change: DB2_HADR_SOSNDBUF and DB2_HADR_SORCVBUF"), std::string::npos);
}

TEST(Diagnose, PlotDiagnoseDrawsTheDocument) {
  if (std::system("command -v gnuplot >/dev/null 2>&1") != 0) {
    GTEST_SKIP() << "gnuplot is not installed (apt-get install gnuplot-nox)";
  }
  const std::string tool = std::string(SIMHADR_SOURCE_DIR) + "/tools/plot-diagnose";
  // A channel alone; a channel and its database's log counters; the log counters alone.
  const std::vector<std::vector<std::string>> documents{
      {"reconnected.primary.txt"},
      {"hadrwait.tlog.txt", "hadrwait.primary.txt"},
      {"logdisk.tlog.tbl", "logdisk.workload.csv"}};
  for (std::size_t i = 0; i < documents.size(); ++i) {
    const auto doc = scratch_file("diagnose", fmt::format("plot{}.json", i));
    const auto png = scratch_file("diagnose", fmt::format("plot{}.png", i));
    ChildProcess run = diagnose(documents[i], {"-json", doc.string()});
    ASSERT_EQ(run.wait(kRunBound), 0) << run.err();
    ChildProcess plot({tool, doc.string(), "-o", png.string()}, "/usr/bin/python3");
    ASSERT_EQ(plot.wait(kRunBound), 0) << documents[i].front() << ": " << plot.err();
    EXPECT_EQ(plot.err(), "") << "gnuplot had nothing to warn about";
    EXPECT_GT(std::filesystem::file_size(png), 1000u);
  }
  ChildProcess refused({tool, input("reconnected.primary.txt")}, "/usr/bin/python3");
  EXPECT_EQ(refused.wait(kRunBound), 2);
}

TEST(Diagnose, StdinIsReadAsAFile) {
  ChildProcess run({"-c", fmt::format("{} -diagnose - < {}", binary_under_test(),
                                      input("peer_window.primary.txt"))},
                   "/bin/sh");
  ASSERT_EQ(run.wait(kRunBound), 0) << run.err();
  EXPECT_NE(run.out().find("Diagnose: stdin (db2pd, 3 samples)"), std::string::npos) << run.out();
  EXPECT_EQ(verdict_line(run.out()), "peer window");
}

// A refusal: exit 2, nothing on stdout, the one-line message naming file and line.
void expect_refused(const std::string& text, const std::string& message) {
  const auto path = scratch_file("diagnose", "bad.txt");
  std::ofstream(path) << text;
  ChildProcess run({"-diagnose", path.string()});
  ASSERT_EQ(run.wait(kRunBound), 2) << run.out() << run.err();
  EXPECT_EQ(run.out(), "");
  EXPECT_EQ(run.err(), fmt::format("simhadr: error: {}:{}\n", path.string(), message));
}

std::string sample(std::string_view database, std::string_view time, long long pos) {
  return fmt::format(
      "Database Member 0 -- Database {} -- Active -- Date 2025-12-02-{}\n"
      "  HADR_ROLE = PRIMARY\n  PRIMARY_LOG_POS = {}\n\n",
      database, time, pos);
}

TEST(Diagnose, EveryRefusalNamesItsLine) {
  expect_refused("Database Member 0 -- Database D -- Active -- Date 2025-12-02-08.00.00.000000\n",
                 "1: a db2pd header with no HADR field after it: nothing to diagnose (the fields "
                 "were cut out, or HADR is not set up on this database)");
  expect_refused(
      "Database Member 0 -- Database D -- Active\n  HADR_ROLE = PRIMARY\n"
      "  STANDBY_RECV_BUF_PERCENT = full\n",
      "3: STANDBY_RECV_BUF_PERCENT is 'full', not a percentage");
  expect_refused(sample("A", "08.00.10", 1) + sample("A", "08.00.00", 2),
                 "6: taken at 08:00:00, before the sample of line 2 (08:00:10): samples must "
                 "follow in time");
  expect_refused(sample("A", "08.00.10", 1) + sample("A", "08.00.10", 2),
                 "6: taken at 08:00:10, the same time as the sample of line 2 (08:00:10): "
                 "samples must follow in time");
  expect_refused(sample("A", "08.00.00", 5) + sample("A", "08.00.10", 4),
                 "6: PRIMARY_LOG_POS went back from 5 (line 2) to 4 with no change of role");
  expect_refused("2025-12-02-08.00.00.000000,\"PRIMARY\",\"PEER\",12\n",
                 "1: MON_GET_HADR rows without their column names (db2 -x and EXPORT ... OF DEL "
                 "leave them out): keep the header row, as docs/diagnose.md shows");
}

TEST(Diagnose, TheCommandLineRefusesWhatCannotApply) {
  ChildProcess csv({"-diagnose", input("healthy.primary.txt"), "-csv", "/tmp/x.csv"});
  EXPECT_EQ(csv.wait(kRunBound), 2);
  EXPECT_EQ(csv.err(), "simhadr: -diagnose writes text and -json, not -csv\n");
  ChildProcess missing({"-diagnose", input("no-such-file.txt")});
  EXPECT_EQ(missing.wait(kRunBound), 2);
  EXPECT_NE(missing.err().find("no-such-file.txt"), std::string::npos) << missing.err();
  ChildProcess ignored({"-diagnose", input("healthy.primary.txt"), "-flushSize", "8"});
  EXPECT_EQ(ignored.wait(kRunBound), 0);
  EXPECT_NE(ignored.err().find("simhadr: warning: -flushSize does not apply to -diagnose; ignored"),
            std::string::npos)
      << ignored.err();
}

// Every "Confirm with:" line -diagnose prints, for each test input alone, the
// pairs the tests give together and each published sample, runs as printed.
TEST(Diagnose, EveryConfirmCommandRunsAsPrinted) {
  namespace fs = std::filesystem;
  const fs::path inputs = fs::path(SIMHADR_SOURCE_DIR) / "tests/diagnose";
  std::vector<std::vector<std::string>> runs;
  for (const fs::path& folder : {inputs, inputs / "published"}) {
    for (const auto& entry : fs::directory_iterator(folder)) {
      const std::string extension = entry.path().extension().string();
      if (extension == ".txt" || extension == ".csv" || extension == ".tbl" ||
          extension == ".del") {
        runs.push_back({entry.path().string()});
      }
    }
  }
  for (const std::string_view verdict : {"healthy", "network", "replay"}) {
    runs.push_back({(inputs / fmt::format("{}.primary.txt", verdict)).string(),
                    (inputs / fmt::format("{}.standby.txt", verdict)).string()});
  }
  runs.push_back(
      {(inputs / "logdisk.tlog.tbl").string(), (inputs / "logdisk.workload.csv").string()});
  runs.push_back(
      {(inputs / "hadrwait.tlog.txt").string(), (inputs / "hadrwait.primary.txt").string()});
  // Inputs that give the same advice print the same command: each runs once.
  std::set<std::string> confirmed;
  for (const std::vector<std::string>& files : runs) {
    std::vector<std::string> args{"-diagnose"};
    args.insert(args.end(), files.begin(), files.end());
    ChildProcess diagnose(args);
    const std::optional<int> status = diagnose.wait(kRunBound);
    ASSERT_TRUE(status) << files.front() << " did not end within its bound";
    if (*status != 0) continue;  // refused: PublishedSamples asserts which, and why
    std::istringstream lines(diagnose.out());
    for (std::string line; std::getline(lines, line);) {
      constexpr std::string_view kConfirm = "Confirm with: simhadr ";
      if (!line.starts_with(kConfirm) || !confirmed.insert(line).second) continue;
      std::istringstream words(line.substr(kConfirm.size()));
      std::vector<std::string> command;
      for (std::string word; words >> word;) command.push_back(word);
      ChildProcess model(command);
      EXPECT_EQ(model.wait(kRunBound), 0) << files.front() << ": " << line << "\n" << model.err();
    }
  }
  EXPECT_GE(confirmed.size(), 10u) << "the inputs should give runs to confirm";
}

// One published sample (Microsoft's RHEL guide): 598 s over one log write
// since activation, named with its figures in the text and the -json.
TEST(Diagnose, ASingleSamplesWaitSinceActivationIsAFindingInTextAndJson) {
  const std::string path = scratch_file("diagnose", "long-wait.json").string();
  ChildProcess run({"-diagnose",
                    std::string(SIMHADR_SOURCE_DIR) +
                        "/tests/diagnose/published/azure-rhel-both-sides-long-wait.txt",
                    "-json", path});
  ASSERT_EQ(run.wait(kRunBound), 0) << run.err();
  constexpr std::string_view kFinding =
      "since activation a log write waited 598000.0 ms for HADR on average "
      "(LOG_HADR_WAIT_ACCUMULATED 598.000 s over LOG_HADR_WAIT_COUNT 1";
  EXPECT_NE(run.out().find(std::string("Finding: ") + std::string(kFinding)), std::string::npos)
      << run.out();
  EXPECT_EQ(expect_valid_json(path), 1u);
  std::ifstream in(path);
  const json channel = json::parse(in)["diagnosis"]["channels"][0];
  EXPECT_DOUBLE_EQ(channel["since_activation"]["wait_seconds_per_write"].get<double>(), 598);
  EXPECT_EQ(channel["since_activation"]["waits"].get<int>(), 1);
  const json& findings = channel["findings"];
  EXPECT_TRUE(std::ranges::any_of(findings, [&](const json& f) {
    return f.get<std::string>().find(kFinding) != std::string::npos;
  })) << findings.dump();
}

// One sample is all a DBA may paste: its mean wait since activation is said
// whatever it is, judged against the healthy 10 ms and IBM's 20 ms alert.
TEST(Diagnose, ASingleSamplesShortWaitSinceActivationIsSaidToo) {
  ChildProcess run(
      {"-diagnose", std::string(SIMHADR_SOURCE_DIR) + "/tests/diagnose/one_sample.primary.txt"});
  ASSERT_EQ(run.wait(kRunBound), 0) << run.err();
  EXPECT_NE(run.out().find("Finding: since activation a log write waited 3.0 ms for HADR on "
                           "average (LOG_HADR_WAIT_ACCUMULATED 12.000 s over LOG_HADR_WAIT_COUNT "
                           "4000"),
            std::string::npos)
      << run.out();
  EXPECT_NE(run.out().find("under the 10 ms a healthy pair stays under"), std::string::npos)
      << run.out();
}

// Every published sample that is read writes -json the schema accepts.
TEST(Diagnose, EveryPublishedSamplesJsonIsValid) {
  namespace fs = std::filesystem;
  std::set<std::string> refused;
  for (const auto& entry :
       fs::directory_iterator(fs::path(SIMHADR_SOURCE_DIR) / "tests/diagnose/published")) {
    if (entry.path().extension() != ".txt") continue;
    const std::string path =
        scratch_file("diagnose", entry.path().filename().string() + ".json").string();
    ChildProcess run({"-diagnose", entry.path().string(), "-json", path});
    const std::optional<int> status = run.wait(kRunBound);
    ASSERT_TRUE(status) << entry.path() << " did not end within its bound";
    if (*status != 0) {
      refused.insert(entry.path().filename().string());
      continue;
    }
    EXPECT_EQ(expect_valid_json(path), 1u) << entry.path();
  }
  EXPECT_EQ(refused, (std::set<std::string>{"ibmdocs-v105-mon-get-transaction-log-one-row.txt",
                                            "purescale-notice-not-activated.txt",
                                            "purescale-notice-unable-to-attach.txt"}));
}

// What a failure would cost, from the samples: the takeover's replay (received, not replayed,
// over the replay rate the samples show) and the longest commit hold the settings allow.
TEST(Diagnose, SaysWhatATakeoverWouldReplayAndHowLongALinkFailureHoldsCommits) {
  ChildProcess window({"-diagnose", input("peer_window.primary.txt")});
  ASSERT_EQ(window.wait(kRunBound), 0) << window.err();
  EXPECT_EQ(line_after(window.out(), "Commit hold: "),
            "a failed link may hold commits up to 240 s: HADR_TIMEOUT 120 s, then "
            "HADR_PEER_WINDOW 120 s in disconnected peer");
  ChildProcess replay({"-diagnose", input("replay.standby.txt"), "-json", "-"});
  ASSERT_EQ(replay.wait(kRunBound), 0) << replay.err();
  const json takeover =
      json::parse(replay.out())["diagnosis"]["channels"][0]["failure_costs"]["takeover"];
  EXPECT_NEAR(takeover["last_replay_seconds"].get<double>(),
              takeover["last_bytes"].get<double>() /
                  (takeover["replay_mbytes_per_sec"].get<double>() * 1e6),
              1e-9);
  EXPECT_EQ(takeover["detection_seconds"], 120);
  // MON_GET_HADR gives its settings in milliseconds: HADR_TIMEOUT 120000 is 120 s.
  ChildProcess mon({"-diagnose", input("network_mon.primary.csv")});
  ASSERT_EQ(mon.wait(kRunBound), 0) << mon.err();
  EXPECT_EQ(line_after(mon.out(), "Commit hold: "),
            "a failed link may hold commits up to 120 s: HADR_TIMEOUT 120 s, once the send buffer "
            "is full; ASYNC has no peer window");
  ChildProcess superasync({"-diagnose", input("superasync.primary.txt")});
  ASSERT_EQ(superasync.wait(kRunBound), 0) << superasync.err();
  EXPECT_NE(line_after(superasync.out(), "Commit hold: ").find("SUPERASYNC's commits never wait"),
            std::string::npos);
}

}  // namespace
}  // namespace simhadr::e2e
