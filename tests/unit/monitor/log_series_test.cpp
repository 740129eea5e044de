#include "simhadr/monitor/log_series.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "simhadr/advice/diagnosis.hpp"
#include "unit/monitor/sample_text.hpp"

namespace simhadr {
namespace log_series_test {

MonitorFile input(const std::string& name) {
  const std::string path = std::string(SIMHADR_SOURCE_DIR) + "/tests/diagnose/" + name;
  std::ifstream in(path);
  return read_monitor_file(in, name);
}

LogSeries only_series(std::vector<MonitorFile> files) {
  std::vector<LogSeries> series = log_series_of(files);
  EXPECT_EQ(series.size(), 1u);
  return series.front();
}

// The first interval of logdisk.tlog.tbl and logdisk.workload.csv, by hand from
// the files' totals (08:00:00 and 08:00:05; the workload rows summed).
TEST(LogSeries, PerWriteAndPerCommitFiguresAreTheDeltasByHand) {
  const LogSeries log = only_series({input("logdisk.tlog.tbl"), input("logdisk.workload.csv")});
  ASSERT_EQ(log.readings.size(), 8u) << "each query's reading joins the other's, 0.2 s apart";
  const LogDeltas& d = log.intervals.front().deltas;
  EXPECT_DOUBLE_EQ(*d.seconds, 5.0);
  EXPECT_EQ(*d.log_bytes, 40024576000 - 40000000000);
  EXPECT_EQ(*d.pages, 5006000 - 5000000);
  EXPECT_EQ(*d.writes, 900500 - 900000);
  EXPECT_DOUBLE_EQ(*d.pages_per_write(), 6000.0 / 500);
  EXPECT_NEAR(*d.write_time(), (7203229 - 7200000) / 1e3 / 500, 1e-12);
  EXPECT_NEAR(*d.write_time_per_mb(), (7203229 - 7200000) / 1e3 / (6000 * 4096 / 1e6), 1e-12);
  EXPECT_NEAR(*d.hadr_wait_per_wait(), (900500 - 900000) / 1e3 / (900400 - 899900), 1e-12);
  // Commits: both workloads' rows, 1500 + 10.
  EXPECT_EQ(*d.commits, (3001500 - 3000000) + (1010 - 1000));
  EXPECT_NEAR(*d.commit_time(), ((20011936 - 20000000) + (9080 - 9000)) / 1e3 / 1510, 1e-12);
  ASSERT_TRUE(log.intervals.front().split);
  const CommitSplit& s = *log.intervals.front().split;
  const double waited = ((18011186 - 18000000) + (8075 - 8000)) / 1e3 / 1510;
  const double flush = (7203229 - 7200000) / 1e3 + (900500 - 900000) / 1e3;
  EXPECT_TRUE(s.per_commit);
  EXPECT_NEAR(s.disk, waited * (7203229 - 7200000) / 1e3 / flush, 1e-12);
  EXPECT_NEAR(s.hadr, waited * (900500 - 900000) / 1e3 / flush, 1e-12);
  EXPECT_NEAR(*s.other, *d.commit_time() - waited, 1e-12);
}

TEST(LogSeries, TheDiskLineIsFittedThroughTheWrites) {
  const LogSeries log = only_series({input("logdisk.tlog.tbl")});
  const auto fit = log_disk_fit(log);
  ASSERT_TRUE(fit);
  // The file's writes lie on 4 ms + bytes / 20 MB/s, to the millisecond totals' rounding.
  EXPECT_NEAR(fit->rate.value(), 20.0, 20.0 * 0.05);
  EXPECT_NEAR(fit->overhead_seconds, 0.004, 0.004 * 0.05);
  const LogModelFigures figures = log_model_figures(log);
  EXPECT_NE(figures.disk_option.find("-disk 19.99"), std::string::npos) << figures.disk_option;
}

// Writes of 4 to 64 pages on 3 ms + bytes / 50 MB/s, each interval's mean time
// off the line by up to 4%: the fit stays within 5% of the least-squares line.
TEST(LogSeries, TheDiskFitFollowsTheLineThroughNoisyWrites) {
  const std::vector<int> pages{4, 8, 16, 32, 64, 12, 24, 48};
  const std::vector<double> noise{1.03, 0.97, 1.04, 0.98, 1.01, 0.96, 1.02, 0.99};
  std::string csv = "SAMPLE_TIME,LOG_WRITES,NUM_LOG_WRITE_IO,LOG_WRITE_TIME\n";
  std::int64_t total_pages = 0, writes = 0;
  double milliseconds = 0;
  std::vector<double> x, y;
  for (std::size_t i = 0; i <= pages.size(); ++i) {
    if (i > 0) {
      const double bytes = pages[i - 1] * 4096.0;
      const double ms = (3 + bytes / 50e6 * 1e3) * noise[i - 1];
      total_pages += pages[i - 1] * 1000;
      writes += 1000;
      milliseconds += ms * 1000;
      x.push_back(bytes);
      y.push_back(ms / 1e3);
    }
    csv += fmt::format("2025-12-02-08.00.{:02}.000000,{},{},{:.0f}\n", i * 5, total_pages, writes,
                       milliseconds);
  }
  double mx = 0, my = 0;
  for (std::size_t i = 0; i < x.size(); ++i) mx += x[i] / x.size(), my += y[i] / y.size();
  double sxy = 0, sxx = 0;
  for (std::size_t i = 0; i < x.size(); ++i)
    sxy += (x[i] - mx) * (y[i] - my), sxx += (x[i] - mx) * (x[i] - mx);
  const double slope = sxy / sxx;
  const double line_rate = 1 / slope / 1e6, line_overhead = my - slope * mx;
  const auto fit = log_disk_fit(only_series({testing::monitor_file(csv, "noisy.csv")}));
  ASSERT_TRUE(fit);
  EXPECT_NEAR(fit->rate.value(), line_rate, 0.05 * line_rate);
  EXPECT_NEAR(fit->overhead_seconds, line_overhead, 0.05 * line_overhead);
}

TEST(LogSeries, RowsWithoutHeadingsAreReadByTheSelectInTheFile) {
  const MonitorFile rows = input("hadrwait.tlog.txt");
  EXPECT_EQ(rows.logs.samples.size(), 8u);
  EXPECT_EQ(rows.logs.format, "MON_GET_TRANSACTION_LOG rows (db2 -x or DEL)");
  const MonitorFile del = input("balanced.tlog.del");
  ASSERT_EQ(del.logs.samples.size(), 8u);
  EXPECT_EQ(*del.logs.samples[1].counters.log_position, 40024576000);
  EXPECT_NEAR(*del.logs.samples[1].counters.hadr_wait_seconds, 902.0, 1e-9);
}

TEST(LogSeries, TheHadrWaitComesFromThePrimarysDb2pdWhereTheCountersLackIt) {
  const LogSeries log = only_series({input("hadrwait.tlog.txt"), input("hadrwait.primary.txt")});
  EXPECT_TRUE(log.joined_hadr);
  ASSERT_TRUE(log.split);
  EXPECT_NEAR(log.split->disk, 0.001, 1e-9);
  EXPECT_NEAR(log.split->hadr, 0.008, 1e-9);
  EXPECT_EQ(dominant_side(*log.split), FlushSide::Hadr);
}

TEST(LogSeries, Db2pdLogsGiveBytesWithoutDatesAndARateWithThem) {
  const LogSeries plain = only_series({input("lograte.nodate.logs.txt")});
  EXPECT_EQ(*plain.total.log_bytes, 7654321);
  EXPECT_FALSE(plain.total.log_rate());
  const LogSeries dated = only_series({input("lograte.logs.txt")});
  EXPECT_EQ(*dated.total.log_bytes, 3 * 5 * 3000000);
  EXPECT_DOUBLE_EQ(*dated.total.log_rate(), 3e6);
  EXPECT_EQ(dated.database, "LOGDB");
}

TEST(LogSeries, ACounterThatGoesBackLeavesItsIntervalOut) {
  const std::string text =
      "SAMPLE_TIME,LOG_WRITES,NUM_LOG_WRITE_IO,LOG_WRITE_TIME\n"
      "2025-12-02-08.00.00.000000,1000,100,500\n"
      "2025-12-02-08.00.05.000000,2000,200,900\n"
      "2025-12-02-08.00.10.000000,10,1,1\n"
      "2025-12-02-08.00.15.000000,1010,101,401\n";
  const LogSeries log = only_series({testing::monitor_file(text, "reset.csv")});
  ASSERT_EQ(log.intervals.size(), 3u);
  EXPECT_TRUE(log.intervals[1].reset);
  EXPECT_EQ(*log.total.writes, 200);
  EXPECT_NEAR(*log.total.write_time(), 0.8 / 200, 1e-12);
}

TEST(LogDiagnosis, EightMsOfDiskAndOneOfHadrNamesTheLogDisk) {
  const LogSeries log = only_series({input("logdisk.tlog.tbl"), input("logdisk.workload.csv")});
  const ChannelDiagnosis d = diagnose_log(log);
  EXPECT_EQ(d.verdict, HadrVerdict::LogDisk);
  EXPECT_NE(d.evidence.find("log disk 7.98 ms (84%) + HADR 1.00 ms (11%)"), std::string::npos)
      << d.evidence;
}

TEST(LogDiagnosis, TheReverseLeavesTheVerdictToHadrsRules) {
  PairDiagnosis alone = diagnose_pair({input("hadrwait.primary.txt")});
  PairDiagnosis joined = diagnose_pair({input("hadrwait.tlog.txt"), input("hadrwait.primary.txt")});
  ASSERT_EQ(joined.diagnoses.size(), 1u);
  EXPECT_EQ(joined.diagnoses[0].verdict, alone.diagnoses[0].verdict);
  EXPECT_TRUE(std::ranges::any_of(joined.diagnoses[0].findings, [](const std::string& f) {
    return f.starts_with("HADR, not the log disk") && f.find("(89%)") != std::string::npos;
  }));
}

TEST(LogDiagnosis, ABalancedSplitSaysBothWithTheShares) {
  const LogSeries log = only_series({input("balanced.tlog.del")});
  const ChannelDiagnosis d = diagnose_log(log);
  EXPECT_FALSE(d.verdict);
  EXPECT_NE(d.evidence.find("share the time"), std::string::npos) << d.evidence;
  EXPECT_NE(d.evidence.find("log disk 4.00 ms (50%) + HADR 4.00 ms (50%)"), std::string::npos)
      << d.evidence;
}

// MON_GET_TRANSACTION_LOG(-2) gives a row a member; db2pd -logs a section a
// member (pureScale): one reading each run, the members summed.
TEST(LogSeries, MembersOfOneRunAreSummed) {
  const std::string table =
      "CURRENT_TIMESTAMP          MEMBER LOG_WRITES NUM_LOG_WRITE_IO LOG_WRITE_TIME\n"
      "-------------------------- ------ ---------- ---------------- --------------\n"
      "2025-12-02-08.00.00.000000      0       1000              100            200\n"
      "2025-12-02-08.00.00.000000      1       3000              300            900\n"
      "\n  2 record(s) selected.\n\n"
      "CURRENT_TIMESTAMP          MEMBER LOG_WRITES NUM_LOG_WRITE_IO LOG_WRITE_TIME\n"
      "-------------------------- ------ ---------- ---------------- --------------\n"
      "2025-12-02-08.00.05.000000      0       2000              200            400\n"
      "2025-12-02-08.00.05.000000      1       5000              400           1200\n";
  const MonitorFile file = testing::monitor_file(table, "members.tbl");
  ASSERT_EQ(file.logs.samples.size(), 2u);
  EXPECT_EQ(file.logs.samples[0].rows, 2u);
  EXPECT_EQ(*file.logs.samples[1].counters.log_pages, 7000);
  const LogSeries log = only_series({file});
  EXPECT_EQ(*log.total.writes, 200);
  EXPECT_NEAR(*log.total.write_time(), 0.5 / 200, 1e-12);

  std::string db2pd;
  for (const int second : {0, 5}) {
    for (const int member : {0, 1}) {
      db2pd += fmt::format(
          "Database Member {} -- Database PSDB -- Active -- Up 0 days 01:00:00 -- Date "
          "2025-12-02-08.00.{:02}.{:06}\n\nLogs:\nCurrent LSO                   {}\n"
          "Current LSN                   0x0000000000001000\n\n",
          member, second, member * 1000, 1000000 * (member + 1) + second * 100000 * (member + 1));
    }
  }
  const LogSeries streams = only_series({testing::monitor_file(db2pd, "purescale.txt")});
  ASSERT_EQ(streams.readings.size(), 2u);
  EXPECT_EQ(*streams.total.log_bytes, 500000 + 1000000) << "both members' streams";
}

// db2pd -db D -hadr -logs prints both in one call: each is read, neither's lines are "other".
TEST(LogSeries, OneDb2pdCallWithHadrAndLogsGivesBoth) {
  std::string text;
  for (const int second : {0, 10}) {
    text += fmt::format(
        "Database Member 0 -- Database HADRDB -- Active -- Up 0 days 01:00:00 -- Date "
        "2025-12-02-08.00.{:02}.000000\n\nLogs:\nCurrent Log Number            3\n"
        "Current LSO                   {}\nCurrent LSN                   0x0000000000004000\n\n"
        "Address            StartLSN         StartLSO             State      Size       Pages      "
        "Filename\n0x00007FFF771FF630 0000000000047ABD 52988001             0x00000000 1024       "
        "1024       S0000003.LOG\n\n"
        "  HADR_ROLE = PRIMARY\n  HADR_STATE = PEER\n  PRIMARY_LOG_FILE,PAGE,POS = S0000003.LOG, "
        "1, {}\n  STANDBY_MEMBER_HOST = hostS\n\n",
        second, 60000000 + second * 100000, 60000000 + second * 100000);
  }
  const MonitorFile file = testing::monitor_file(text, "both.txt");
  EXPECT_EQ(file.samples.size(), 2u);
  EXPECT_EQ(file.logs.samples.size(), 2u);
  EXPECT_TRUE(file.other_lines.empty()) << file.other_lines.front();
  const LogSeries log = only_series({file});
  EXPECT_DOUBLE_EQ(*log.total.log_rate(), 100000.0);
}

TEST(LogSeries, ACounterThatIsNoNumberIsRefusedByItsLine) {
  const std::string csv =
      "SAMPLE_TIME,LOG_WRITES,LOG_WRITE_TIME\n2025-12-02-08.00.00.000000,12,many\n";
  try {
    testing::monitor_file(csv, "bad.csv");
    FAIL() << "read";
  } catch (const MonitorInputError& error) {
    EXPECT_STREQ(error.what(), "bad.csv:2: LOG_WRITE_TIME is 'many', not a number");
  }
  const std::string nulls =
      "SAMPLE_TIME,LOG_WRITES,LOG_WRITE_TIME\n2025-12-02-08.00.00.000000,12,-\n"
      "2025-12-02-08.00.05.000000,20,NULL\n";
  const LogSeries log = only_series({testing::monitor_file(nulls, "nulls.csv")});
  EXPECT_EQ(*log.total.pages, 8);
  EXPECT_FALSE(log.total.write_seconds);
}

TEST(LogDiagnosis, ABalancedSplitBesideHadrSamplesAddsBothToTheirVerdict) {
  const PairDiagnosis pair =
      diagnose_pair({input("balanced.tlog.del"), input("hadrwait.primary.txt")});
  ASSERT_EQ(pair.diagnoses.size(), 1u);
  const ChannelDiagnosis& d = pair.diagnoses[0];
  EXPECT_EQ(d.verdict, HadrVerdict::Healthy) << "HADR's rules decide";
  EXPECT_NE(d.evidence.find("the log disk takes about as much as HADR (a log write's 8.00 ms = log "
                            "disk 4.00 ms (50%) + HADR 4.00 ms (50%)): both count"),
            std::string::npos)
      << d.evidence;
}

}  // namespace log_series_test
}  // namespace simhadr
