// Every sample in tests/diagnose/published/ (INDEX.md names each one's source)
// as a DBA would paste it: read, or refused with the true reason where its
// author cut out everything a verdict needs; its channels, states, verdict
// and findings asserted.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "simhadr/advice/diagnosis.hpp"
#include "simhadr/monitor/monitor_input.hpp"

namespace simhadr {
namespace {

namespace fs = std::filesystem;

fs::path published(std::string_view name) {
  return fs::path(SIMHADR_SOURCE_DIR) / "tests/diagnose/published" / name;
}

MonitorFile read_published(std::string_view name) {
  std::ifstream in(published(name));
  EXPECT_TRUE(in) << name;
  return read_monitor_file(in, std::string(name));
}

std::string refusal_of(std::string_view name) {
  try {
    read_published(name);
  } catch (const MonitorInputError& error) {
    return error.what();
  }
  return "";
}

struct Expected {
  std::string_view file;
  std::size_t runs;
  std::vector<std::string> states;  // each channel's last state, in order ("" where not given)
  std::optional<HadrVerdict> verdict;
  std::vector<std::string_view> findings;  // parts of the findings' text, each in one of them
};

std::string all_findings(const PairDiagnosis& pair) {
  std::string text;
  for (const ChannelDiagnosis& d : pair.diagnoses) {
    for (const std::string& finding : d.findings) text += finding + "\n";
  }
  return text;
}

const std::vector<Expected>& expectations() {
  using V = HadrVerdict;
  static const std::vector<Expected> all{
      {"aws-after-takeover-cut.txt", 1, {""}, std::nullopt, {}},
      {"aws-standby-id2-rendered-cell.txt", 1, {"REMOTE_CATCHUP"}, std::nullopt, {}},
      {"aws-superasync-remote-catchup-no-header.txt", 1, {"REMOTE_CATCHUP"}, std::nullopt, {}},
      {"azure-rhel-both-sides-long-wait.txt",
       2,
       {"PEER"},
       std::nullopt,
       {"since activation a log write waited 598000.0 ms for HADR on average "
        "(LOG_HADR_WAIT_ACCUMULATED 598.000 s over LOG_HADR_WAIT_COUNT 1",
        "HEARTBEAT_MISSED 5 of 52 expected since activation (9.6%)",
        "PEER_WINDOW is 300 s on the primary",
        "connected 20 s before 10:55:25 (azure-rhel-both-sides-long-wait.txt:6), 143103 s after "
        "the database was activated"}},
      {"azure-sles-both-sides-hash-prefix.txt", 2, {"PEER"}, std::nullopt, {}},
      {"blog-grep-one-line-remote-catchup.txt", 1, {"REMOTE_CATCHUP"}, std::nullopt, {}},
      {"blog-mon-get-hadr-two-standbys.txt", 1, {"PEER", "REMOTE_CATCHUP"}, std::nullopt, {}},
      {"blog-rolling-update-grep-after-takeover.txt", 1, {"PEER"}, std::nullopt, {}},
      {"blog-snaphadr-aliased-columns.txt", 1, {"PEER"}, std::nullopt, {}},
      {"blog-v101-show-detail.txt",
       1,
       {"PEER"},
       std::nullopt,
       {"2 s after the database was activated: the pair has just been through remote catch-up"}},
      {"blog-v105-grep-replay-delay.txt", 1, {"REMOTE_CATCHUP"}, std::nullopt, {}},
      {"blog-v105-show-detail.txt",
       1,
       {"PEER"},
       std::nullopt,
       {"after the database was activated"}},
      {"ibm-warehouse-manage-hadr-epochs-cut.txt", 1, {"PEER"}, std::nullopt, {}},
      {"ibmdocs-v105-hadr-state-only.txt", 1, {"PEER"}, std::nullopt, {}},
      {"ibmdocs-v105-multistandby-wrapped-cut.txt", 1, {""}, std::nullopt, {}},
      {"ibmdocs-v105-purescale-streams-table.txt",
       1,
       {"PEER", "REMOTE_CATCHUP", "PEER"},
       std::nullopt,
       {"log stream 1 is in assisted remote catch-up", "(member 1) is not active, so member 0"}},
      {"ibmdocs-v111-zh-purescale-cut.txt", 1, {"PEER"}, std::nullopt, {}},
      {"ibmdocs-v115-zhtw-wrapped-header-cut.txt", 1, {"PEER"}, std::nullopt, {}},
      {"purescale-failback-primary-assisted.txt",
       1,
       {"PEER", "REMOTE_CATCHUP"},
       std::nullopt,
       {"log stream 1 is in assisted remote catch-up"}},
      {"purescale-primary-assisted-catchup.txt",
       1,
       {"PEER", "REMOTE_CATCHUP"},
       std::nullopt,
       {"log stream 1 is in assisted remote catch-up"}},
      {"purescale-primary-member0.txt", 1, {"PEER"}, std::nullopt, {}},
      {"purescale-standby-indented-elision.txt", 1, {"PEER", "PEER"}, std::nullopt, {}},
      {"purescale-standby-two-streams.txt", 1, {"PEER", "PEER"}, std::nullopt, {}},
      {"purescale-takeover-session.txt", 3, {"PEER", "PEER"}, std::nullopt, {}},
      {"retyped-mon-get-hadr-nbsp-congested.txt", 1, {""}, V::Network, {}},
      {"retyped-v97-primary-indented.txt", 1, {"PEER"}, std::nullopt, {"V9.7 reports one"}},
      {"ru-locale-dates-decimal-comma.txt",
       1,
       {"PEER"},
       std::nullopt,
       {"7 s after the database was activated"}},
      {"stackoverflow-recv-blocked-three-lines.txt", 1, {""}, V::StandbyReplay, {}},
      {"xcat-v97-collapsed-spacing.txt", 1, {"PEER"}, std::nullopt, {"V9.7 reports one"}},
  };
  return all;
}

const std::vector<std::pair<std::string_view, std::string_view>> kRefused{
    {"purescale-notice-not-activated.txt",
     "the database was not active (or its member not started) in its one sample: nothing to "
     "diagnose"},
    {"purescale-notice-unable-to-attach.txt",
     "the database was not active (or its member not started) in its one sample: nothing to "
     "diagnose"},
    {"ibmdocs-v105-mon-get-transaction-log-one-row.txt",
     "ibmdocs-v105-mon-get-transaction-log-one-row.txt:2: a query of the log or commit counters "
     "that selects none -diagnose reads"},
};

// Log counters: the file's one reading, its position and time.
struct ExpectedLog {
  std::string_view file;
  std::string_view database;
  std::int64_t position;
  std::string_view time;
};
const std::vector<ExpectedLog> kLogCounters{
    {"lab-v115-db2pd-logs-circular.txt", "SAMPLE", 53279365, "2025-09-01T04:33:33.910"},
};

TEST(PublishedSamples, LogCountersAreReadForTheirPosition) {
  for (const ExpectedLog& e : kLogCounters) {
    SCOPED_TRACE(e.file);
    const MonitorFile file = read_published(e.file);
    ASSERT_EQ(file.logs.samples.size(), 1u);
    const LogSample& s = file.logs.samples.front();
    EXPECT_EQ(file.logs.format, "db2pd -logs");
    EXPECT_EQ(s.database, e.database);
    EXPECT_EQ(s.counters.log_position, e.position) << "Current LSO, not the LSN";
    ASSERT_TRUE(s.time);
    EXPECT_EQ(wall_clock_text(*s.time), e.time);
    EXPECT_TRUE(file.samples.empty());
    EXPECT_EQ(file.preamble_lines, std::vector<std::size_t>{1}) << "the prompt";
  }
}

TEST(PublishedSamples, EachIsReadForWhatItShows) {
  for (const Expected& e : expectations()) {
    SCOPED_TRACE(e.file);
    std::vector<MonitorFile> files;
    ASSERT_NO_THROW(files.push_back(read_published(e.file))) << refusal_of(e.file);
    EXPECT_EQ(files.front().runs, e.runs);
    const PairDiagnosis pair = diagnose_pair(std::move(files));
    ASSERT_EQ(pair.channels.size(), e.states.size());
    for (std::size_t i = 0; i < e.states.size(); ++i) {
      EXPECT_EQ(pair.channels[i].lead().back().state, e.states[i]) << "channel " << i + 1;
    }
    EXPECT_EQ(pair.diagnoses[pair.worst].verdict, e.verdict);
    const std::string findings = all_findings(pair);
    for (const std::string_view part : e.findings) {
      EXPECT_NE(findings.find(part), std::string::npos) << part << "\nin:\n" << findings;
    }
  }
}

TEST(PublishedSamples, TheRestAreRefusedWithTheTrueReason) {
  for (const auto& [file, reason] : kRefused) {
    EXPECT_NE(refusal_of(file).find(reason), std::string::npos) << file << ": " << refusal_of(file);
  }
}

// A sample added to the folder without its expectations would go unchecked.
TEST(PublishedSamples, EveryFileInTheFolderIsChecked) {
  std::set<std::string> checked;
  for (const Expected& e : expectations()) checked.emplace(e.file);
  for (const auto& [file, reason] : kRefused) checked.emplace(file);
  for (const ExpectedLog& e : kLogCounters) checked.emplace(e.file);
  for (const auto& entry : fs::directory_iterator(published(""))) {
    const std::string name = entry.path().filename().string();
    if (entry.path().extension() != ".txt") continue;
    EXPECT_TRUE(checked.contains(name)) << name << " has no expectations";
  }
}

// Kernel-sized buffers (REQUESTED 0) in every published sample that shows them: no finding.
TEST(PublishedSamples, KernelSizedSocketBuffersGiveNoFinding) {
  for (const std::string_view file :
       {"azure-sles-both-sides-hash-prefix.txt", "azure-rhel-both-sides-long-wait.txt",
        "ru-locale-dates-decimal-comma.txt", "blog-v105-show-detail.txt"}) {
    std::vector<MonitorFile> files;
    files.push_back(read_published(file));
    EXPECT_EQ(all_findings(diagnose_pair(std::move(files))).find("SOCK_"), std::string::npos)
        << file;
  }
}

}  // namespace
}  // namespace simhadr
