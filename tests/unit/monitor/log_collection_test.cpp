// Log counters as collection loops write them: several queries in one file,
// members and hosts, several databases, counters that need care.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "simhadr/advice/diagnosis.hpp"
#include "simhadr/monitor/log_series.hpp"
#include "unit/monitor/sample_text.hpp"

namespace simhadr {
namespace log_collection_test {

// A CLP table as `db2 "select current timestamp, ..."` prints it without -v:
// the timestamp headed 1, the other columns by name.
std::string clp(const std::vector<std::string>& columns,
                const std::vector<std::vector<std::string>>& rows) {
  std::string names, dashes;
  for (const std::string& c : columns) {
    names += fmt::format("{:<27}", c);
    dashes += std::string(26, '-') + " ";
  }
  std::string text = "\n" + names + "\n" + dashes + "\n";
  for (const auto& row : rows) {
    for (const std::string& v : row) text += fmt::format("{:<27}", v);
    text += "\n";
  }
  return text + fmt::format("\n  {} record(s) selected.\n", rows.size());
}

std::string at(int seconds, int micros = 0) {
  return fmt::format("2025-12-02-08.00.{:02}.{:06}", seconds, micros);
}

LogSeries only_series(std::vector<MonitorFile> files) {
  std::vector<LogSeries> series = log_series_of(files);
  EXPECT_EQ(series.size(), 1u);
  return series.front();
}

// The docs' loop: MON_GET_TRANSACTION_LOG then MON_GET_WORKLOAD each round, into one file.
std::string docs_loop(bool hadr_wait) {
  std::string text;
  for (int i = 0; i < 4; ++i) {
    std::vector<std::string> t{"1", "LOG_WRITES", "NUM_LOG_WRITE_IO", "LOG_WRITE_TIME"};
    std::vector<std::string> v{at(i * 5), std::to_string(1000 + i * 1200),
                               std::to_string(100 + i * 100), std::to_string(500 + i * 600)};
    if (hadr_wait) {
      t.insert(t.end(), {"LOG_HADR_WAIT_TIME", "LOG_HADR_WAITS_TOTAL"});
      v.insert(v.end(), {std::to_string(50 + i * 100), std::to_string(90 + i * 100)});
    }
    text += clp(t, {v});
    text += clp({"1", "TOTAL_APP_COMMITS", "TOTAL_COMMIT_TIME", "LOG_DISK_WAIT_TIME"},
                {{at(i * 5, 300000), std::to_string(2000 + i * 100), std::to_string(9000 + i * 800),
                  std::to_string(8000 + i * 700)}});
  }
  return text;
}

TEST(LogCollection, TwoQueriesOfOneLoopInOneFileAreOneMomentEachRound) {
  const LogSeries log = only_series({testing::monitor_file(docs_loop(true), "loop.tbl")});
  ASSERT_EQ(log.readings.size(), 4u) << "a reading a round, its two tables 0.3 s apart";
  ASSERT_TRUE(log.split);
  // A round: 100 writes of 6 ms and 1 ms of HADR each; 100 commits of 8 ms, 7 of them waited.
  EXPECT_TRUE(log.split->per_commit);
  EXPECT_NEAR(log.split->total, 0.008, 1e-12);
  EXPECT_NEAR(log.split->disk, 0.007 * 6 / 7, 1e-12);
  EXPECT_NEAR(log.split->hadr, 0.007 * 1 / 7, 1e-12);
  EXPECT_NEAR(*log.split->other, 0.001, 1e-12);
}

TEST(LogCollection, WithoutTheWaitForHadrThereIsNoSplitAndNoVerdict) {
  const LogSeries log = only_series({testing::monitor_file(docs_loop(false), "loop.tbl")});
  EXPECT_FALSE(log.split) << "all of a flush would look like the disk's";
  EXPECT_FALSE(diagnose_log(log).verdict);
}

TEST(LogCollection, RowsOfOneQueryAreSummedWithoutAMemberColumn) {
  std::string text;
  for (int i = 0; i < 3; ++i) {
    text += clp({"1", "LOG_WRITES", "NUM_LOG_WRITE_IO", "LOG_WRITE_TIME"},
                {{at(i * 5), std::to_string(1000 + i * 600), std::to_string(100 + i * 50), "400"},
                 {at(i * 5), std::to_string(5000 + i * 600), std::to_string(300 + i * 50), "700"}});
  }
  const LogSeries log = only_series({testing::monitor_file(text, "members.tbl")});
  ASSERT_EQ(log.readings.size(), 3u);
  EXPECT_EQ(*log.total.writes, 200);
  EXPECT_EQ(*log.total.pages, 2400);
  EXPECT_TRUE(std::ranges::none_of(log.intervals, [](const LogInterval& i) { return i.reset; }));
}

std::string db2pd_logs(const std::string& database, int member, const std::string& date,
                       std::int64_t lso) {
  return fmt::format(
      "Database Member {} -- Database {} -- Active -- Up 0 days 01:00:00 -- Date {}\n\nLogs:\n"
      "Current LSO                   {}\nCurrent LSN                   0x0000000000001000\n\n",
      member, database, date, lso);
}

TEST(LogCollection, PureScaleMembersSecondsApartAreOneRunAndAMemberDownIsLeftOut) {
  std::string text;
  for (int i = 0; i < 3; ++i) {
    text += db2pd_logs("PSDB", 0, at(i * 10), 1000000 + i * 2000000);
    if (i != 2) text += db2pd_logs("PSDB", 1, at(i * 10 + 1, 500000), 9000000 + i * 4000000);
  }
  const LogSeries log = only_series({testing::monitor_file(text, "ps.txt")});
  ASSERT_EQ(log.readings.size(), 3u);
  EXPECT_DOUBLE_EQ(*log.intervals[0].deltas.log_rate(), 600000.0) << "2 MB and 4 MB in 10 s";
  EXPECT_TRUE(log.intervals[1].reset) << "member 1 down: one row where there were two";
  EXPECT_TRUE(std::ranges::any_of(log.notes, [](const std::string& n) {
    return n.find("sums 1 rows where the reading before summed 2") != std::string::npos;
  }));
}

TEST(LogCollection, TwoHostsCountersOfOneDatabaseAreNotMixed) {
  std::string primary, standby;
  for (int i = 0; i < 4; ++i) {
    primary += db2pd_logs("HADRDB", 0, at(i * 5), 50000000 + i * 5000000);
    standby += db2pd_logs("HADRDB", 0, at(i * 5, 100000), 45000000 + i * 5000000 - (i % 2) * 1000);
  }
  const LogSeries log = only_series({testing::monitor_file(standby, "standby.txt"),
                                     testing::monitor_file(primary, "primary.txt")});
  for (const LogInterval& i : log.intervals) EXPECT_EQ(*i.deltas.log_bytes, 5000000);
  EXPECT_TRUE(std::ranges::any_of(log.notes, [](const std::string& n) {
    return n.starts_with("standby.txt: its CURRENT_LSO left out");
  }));
}

TEST(LogCollection, EachDatabaseGetsItsVerdictAndThePairTheWorst) {
  std::string text;
  for (int i = 0; i < 3; ++i) {
    text += clp(
        {"1", "DB_NAME", "LOG_WRITES", "NUM_LOG_WRITE_IO", "LOG_WRITE_TIME", "LOG_HADR_WAIT_TIME"},
        {{at(i * 5), "AAA", std::to_string(i * 100), std::to_string(i * 10), std::to_string(i * 10),
          std::to_string(i * 80)},
         {at(i * 5), "BBB", std::to_string(i * 100), std::to_string(i * 10), std::to_string(i * 80),
          std::to_string(i * 10)}});
  }
  const PairDiagnosis pair = diagnose_pair({testing::monitor_file(text, "two.tbl")});
  ASSERT_EQ(pair.logs.size(), 2u);
  ASSERT_EQ(pair.log_diagnoses.size(), 2u);
  EXPECT_FALSE(pair.log_diagnoses[0]->verdict) << "AAA: HADR takes the time";
  EXPECT_EQ(pair.log_diagnoses[1]->verdict, HadrVerdict::LogDisk);
  EXPECT_EQ(pair.headline().verdict, HadrVerdict::LogDisk);
}

TEST(LogCollection, MonGetTransactionLogsWaitsAloneAreLogCounters) {
  EXPECT_TRUE(names_log_counters(
      {"CURRENT_TIMESTAMP", "MEMBER", "LOG_HADR_WAIT_TIME", "LOG_HADR_WAITS_TOTAL"}));
  EXPECT_FALSE(names_log_counters({"HADR_ROLE", "LOG_HADR_WAIT_TIME"}));
}

TEST(LogCollection, ALogDiskWaitBeyondTheCommitsTimeIsCappedAndSaid) {
  LogDeltas d;
  d.writes = 100;
  d.write_seconds = 0.6;
  d.hadr_wait_seconds = 0.2;
  d.commits = 100;
  d.commit_seconds = 0.8;
  d.disk_wait_seconds = 1.6;
  const auto split = split_of(d);
  ASSERT_TRUE(split);
  EXPECT_TRUE(split->wait_beyond_commits);
  EXPECT_NEAR(split->disk + split->hadr, 0.008, 1e-12);
  EXPECT_NEAR(*split->other, 0, 1e-12);
  EXPECT_NE(split_text(*split).find("taken as all of it"), std::string::npos);
}

TEST(LogCollection, TwoCsvQueriesAppendedToOneFileAreBothRead) {
  std::string text;
  for (int i = 0; i < 3; ++i) {
    text += fmt::format(
        "SAMPLE_TIME,LOG_WRITES,NUM_LOG_WRITE_IO,LOG_WRITE_TIME,LOG_HADR_WAIT_TIME\n"
        "{},{},{},{},{}\nSAMPLE_TIME,TOTAL_APP_COMMITS,TOTAL_COMMIT_TIME,LOG_DISK_WAIT_TIME\n"
        "{},{},{},{}\n",
        at(i * 5), 100 * i, 10 * i, 60 * i, 10 * i, at(i * 5, 200000), 10 * i, 80 * i, 70 * i);
  }
  const MonitorFile file = testing::monitor_file(text, "two.csv");
  EXPECT_EQ(file.logs.samples.size(), 6u);
  const LogSeries log = only_series({file});
  ASSERT_TRUE(log.split);
  EXPECT_TRUE(log.split->per_commit);
}

TEST(LogCollection, AStrayLineAmongRowsWithoutHeadingsIsSkipped) {
  const std::string text =
      "$ db2 -x \"select current timestamp, log_writes, num_log_write_io, log_write_time from "
      "table(mon_get_transaction_log(-1))\"\n"
      "2025-12-02-08.00.00.000000 100 10 60\n"
      "load average: 0.1 0.2\n"
      "2025-12-02-08.00.05.000000 200 20 120\n";
  const MonitorFile file = testing::monitor_file(text, "x.txt");
  EXPECT_EQ(file.logs.samples.size(), 2u);
}

// A loop's file rotated: each file's counters are read on their own, the
// interval across the two left without the counters that changed files.
TEST(LogCollection, ACollectionInTwoFilesKeepsEachFilesIntervals) {
  const std::string text = docs_loop(true);
  const std::size_t half = text.find("\n", text.size() / 2);
  const std::size_t cut = text.find("\n\n1 ", half);
  const LogSeries log = only_series({testing::monitor_file(text.substr(0, cut + 1), "a.tbl"),
                                     testing::monitor_file(text.substr(cut + 1), "b.tbl")});
  ASSERT_TRUE(log.split);
  EXPECT_NEAR(log.split->total, 0.008, 1e-12);
  EXPECT_TRUE(log.notes.empty()) << log.notes.front();
}

// MON_GET_WORKLOAD(NULL, -2) selecting MEMBER but not WORKLOAD_NAME: a row a
// workload, the same key and time in each; one reading a run.
TEST(LogCollection, RowsOfOneQueryWithTheSameKeyAreSummed) {
  std::string text;
  for (int i = 0; i < 3; ++i) {
    text += clp({"1", "MEMBER", "TOTAL_APP_COMMITS", "TOTAL_COMMIT_TIME"},
                {{at(i * 5), "0", std::to_string(1000 + i * 100), std::to_string(4000 + i * 400)},
                 {at(i * 5), "0", std::to_string(20 + i), std::to_string(80 + i * 4)}});
  }
  const LogSeries log = only_series({testing::monitor_file(text, "wl.tbl")});
  ASSERT_EQ(log.readings.size(), 3u);
  EXPECT_EQ(*log.total.commits, 202);
  EXPECT_NEAR(*log.total.commit_time(), 0.004, 1e-12);
}

// db2 -x of both loop queries into one file, each statement echoed: each
// row is read by the SELECT before it.
TEST(LogCollection, RowsWithoutHeadingsOfTwoQueriesAreEachReadByTheirSelect) {
  std::string text;
  for (int i = 0; i < 3; ++i) {
    text += fmt::format(
        "$ db2 -x \"select current timestamp, log_writes, num_log_write_io, log_write_time, "
        "log_hadr_wait_time from table(mon_get_transaction_log(-1))\"\n{} {} {} {} {}\n"
        "$ db2 -x \"select current timestamp, total_app_commits, total_commit_time, "
        "log_disk_wait_time from table(mon_get_workload(null, -1))\"\n{} {} {} {}\n",
        at(i * 5), 1000 + i * 1200, 100 + i * 100, 500 + i * 600, 50 + i * 100, at(i * 5, 300000),
        2000 + i * 100, 9000 + i * 800, 8000 + i * 700);
  }
  const MonitorFile file = testing::monitor_file(text, "x.txt");
  EXPECT_EQ(file.logs.samples.size(), 6u);
  EXPECT_EQ(file.logs.format, "MON_GET_TRANSACTION_LOG and MON_GET_WORKLOAD rows (db2 -x or DEL)");
  const LogSeries log = only_series({file});
  ASSERT_TRUE(log.split);
  EXPECT_TRUE(log.split->per_commit);
}

// A MON_GET_HADR CSV row whose field is "1", where the query's select list
// heads a column 1: a row, not a second header.
TEST(LogCollection, ACsvRowIsNoHeaderForAFieldANumberedHeadingShares) {
  const std::string text =
      "-- select substr(hadr_role,1,10), hadr_state, standby_id from table(mon_get_hadr(null))\n"
      "1,HADR_STATE,STANDBY_ID\nPRIMARY,PEER,1\nPRIMARY,PEER,1\n";
  const MonitorFile file = testing::monitor_file(text, "h.csv");
  EXPECT_EQ(file.samples.size(), 2u);
}

}  // namespace log_collection_test
}  // namespace simhadr
