// Monitor text as people paste it: prefixes, Unicode spaces, elisions,
// notices from a loop that ran through an outage, wrapped and collapsed
// headers, sections without their header, and tables that selected a few columns.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "sample_text.hpp"
#include "simhadr/advice/diagnosis.hpp"
#include "simhadr/monitor/monitor_input.hpp"
#include "simhadr/monitor/select_list.hpp"
#include "simhadr/plain_spaces.hpp"

namespace simhadr {
namespace {

using testing::db2pd_sample;
using testing::monitor_file;

// As Db2 11.5 prints it: two lines with a blank one between.
constexpr std::string_view kNotice =
    "Database HADRDB not activated on database member 0 or this database name cannot be found "
    "in the local database directory.\n\n"
    "Option -hadr requires -db <database> or -alldbs option and active database.\n";

TEST(PlainSpaces, UnicodeSpacesBecomeOneSpaceAndInvisiblesGo) {
  EXPECT_EQ(with_plain_spaces("a\xC2\xA0"
                              "b\xE2\x80\xAF"
                              "c\xE3\x80\x80"
                              "d"),
            "a b c d");
  EXPECT_EQ(with_plain_spaces("\xEF\xBB\xBFHADR\xE2\x80\x8B_ROLE"), "HADR_ROLE");
  EXPECT_EQ(with_plain_spaces("Latin-1\xA0space"), "Latin-1 space");
  EXPECT_EQ(with_plain_spaces("d\xC3\xA9j\xC3\xA0 vu"), "d\xC3\xA9j\xC3\xA0 vu")
      << "other text kept";
}

// The acceptance case: samples, the two-line notice several times, samples again.
TEST(PastedText, ALoopThroughAnOutageIsDiagnosedWithItsNoticesCounted) {
  std::string text;
  for (int i = 0; i < 3; ++i) text += db2pd_sample("PRIMARY", i * 10, {{"HADR_STATE", "PEER"}});
  for (int i = 0; i < 4; ++i) text += std::string(kNotice) + "\n";
  for (int i = 8; i < 11; ++i) text += db2pd_sample("PRIMARY", i * 10, {{"HADR_STATE", "PEER"}});
  const MonitorFile file = monitor_file(text, "loop.txt");
  EXPECT_EQ(file.runs, 6u);
  ASSERT_EQ(file.inactive_lines.size(), 4u) << "one notice of two lines, four times";
  EXPECT_TRUE(file.other_lines.empty());
  std::vector<MonitorFile> files{file};
  const PairDiagnosis pair = diagnose_pair(std::move(files));
  EXPECT_EQ(pair.channels.size(), 1u);
  EXPECT_TRUE(pair.channels.front().has_intervals());
}

TEST(PastedText, APrefixOnEveryLineOfOutputIsTakenOff) {
  const std::string plain = db2pd_sample("PRIMARY", 0, {{"HADR_STATE", "PEER"}});
  for (const std::string_view mark : {"# ", "> ", "#", "// "}) {
    std::string text = "The output, as the script printed it:\n";
    std::istringstream lines(plain);
    for (std::string line; std::getline(lines, line);) {
      text += std::string(mark) + line + "\n";
    }
    const MonitorFile file = monitor_file(text, "quoted.txt");
    ASSERT_EQ(file.samples.size(), 1u) << mark;
    EXPECT_EQ(file.samples.front().state, "PEER");
    EXPECT_EQ(file.preamble_lines, std::vector<std::size_t>{1});
  }
}

TEST(PastedText, ElisionsAreGapsAndNonBreakingSpacesAreSpaces) {
  const std::string text =
      "Database Member 0 -- Database HADRDB -- Active -- Up 0 days -- Date "
      "2025-12-02-08.00.00.000000\n\n"
      "\xC2\xA0\xC2\xA0HADR_ROLE\xC2\xA0=\xC2\xA0PRIMARY\n"
      "  ...\n"
      "  HADR_STATE = REMOTE_CATCHUP\n"
      "[...]\n"
      "  STANDBY_MEMBER_HOST = hostS\n";
  const MonitorFile file = monitor_file(text, "cut.txt");
  ASSERT_EQ(file.samples.size(), 1u) << "an elision does not end the section";
  EXPECT_EQ(file.samples.front().role, "PRIMARY");
  EXPECT_EQ(file.samples.front().state, "REMOTE_CATCHUP");
  EXPECT_EQ(file.elision_lines, (std::vector<std::size_t>{4, 6}));
}

TEST(PastedText, WrappedHeadersInBothLayoutsKeepTheirDate) {
  const MonitorFile v10 = monitor_file(
      "Database Member 0 -- Database HADRDB -- Active -- Up 0 days 00:23:17 --\n"
      "Date 06/08/2011 13:57:23\nHADR_ROLE = PRIMARY\nHADR_STATE = PEER\n",
      "v10.txt");
  ASSERT_EQ(v10.samples.size(), 1u);
  EXPECT_EQ(time_of_day(v10.samples.front()), "13:57:23");
  const MonitorFile v97 = monitor_file(
      "Database Partition 0 -- Database HADRDB -- Active Standby\n"
      "-- Up 0 days 03:06:17 -- Date 02/13/2011 22:18:24\n\nHADR Information:\n"
      "Role State SyncMode HeartBeatsMissed LogGapRunAvg (bytes)\n"
      "Standby Peer Nearsync 0 0\n\n"
      "ConnectStatus ConnectTime Timeout\n"
      "Connected Sun Feb 13 19:12:35 2011 (1297646155) 120\n\n"
      "StandByFile StandByPg StandByLSN StandByRcvBufUsed\n"
      "S0000002.LOG 129 0x0000000000B92A09 100%\n",
      "v97.txt");
  ASSERT_EQ(v97.samples.size(), 1u);
  const HadrSample& s = v97.samples.front();
  EXPECT_EQ(time_of_day(s), "22:18:24");
  EXPECT_EQ(s.role, "STANDBY");
  EXPECT_DOUBLE_EQ(*s.hadr_timeout, 120) << "collapsed spacing: the time spans its words";
  EXPECT_DOUBLE_EQ(*s.receive_buffer_percent, 100);
  EXPECT_TRUE(s.connect_status_time);
}

TEST(PastedText, SectionsWithoutTheirHeaderHaveNoTimeAndSayIt) {
  const MonitorFile file = monitor_file(
      "$ db2pd -db SAMPLE -hadr\nHADR_ROLE = PRIMARY\nSTANDBY_ID = 1\n"
      "STANDBY_MEMBER_HOST = s1\n\nHADR_ROLE = PRIMARY\nSTANDBY_ID = 2\n"
      "STANDBY_MEMBER_HOST = s2\n",
      "headless.txt");
  EXPECT_EQ(file.samples.size(), 2u);
  EXPECT_EQ(file.runs, 1u) << "two standbys of one db2pd run";
  EXPECT_FALSE(file.samples.front().time);
  EXPECT_EQ(file.preamble_lines, std::vector<std::size_t>{1});
}

TEST(PastedText, LabelsAndFencesAmongSamplesAreLeftOutAndListed) {
  const MonitorFile file =
      monitor_file("```\n" + db2pd_sample("PRIMARY", 0, {}) + "Standby output:\n```\n~~~\n" +
                       db2pd_sample("STANDBY", 5, {}),
                   "page.txt");
  EXPECT_EQ(file.samples.size(), 2u) << "both sides in one file";
  EXPECT_EQ(file.other_lines.size(), 3u);
}

TEST(PastedText, LocaleDatesAndDecimalCommas) {
  const MonitorFile file = monitor_file(
      "Database Member 0 -- Database D -- Active -- Up 0 days -- Date 2018-10-12-14.38.48.516301\n"
      "HADR_ROLE = PRIMARY\n"
      "HADR_CONNECT_STATUS_TIME = 12.10.2018 14:38:08.341443 (1539344288)\n"
      "LOG_HADR_WAIT_CUR(seconds) = 0,250\n",
      "ru.txt");
  const HadrSample& s = file.samples.front();
  EXPECT_DOUBLE_EQ(*s.wait_current, 0.25);
  EXPECT_DOUBLE_EQ(*s.connect_status_time, 1539344288.341443);
}

TEST(PastedText, ATableOfAFewColumnsIsReadForWhatItHas) {
  const MonitorFile file = monitor_file(
      "select LOG_STREAM_ID, HADR_STATE, HADR_FLAGS from table (mon_get_hadr(-2))\n\n"
      "LOG_STREAM_ID HADR_STATE     HADR_FLAGS\n"
      "------------- -------------- -----------------------\n"
      "0             PEER\n"
      "1             REMOTE_CATCHUP ASSISTED_REMOTE_CATCHUP\n\n"
      "  2 record(s) selected.\n",
      "few.tbl");
  ASSERT_EQ(file.samples.size(), 2u);
  EXPECT_EQ(file.runs, 1u) << "two streams of one query";
  EXPECT_TRUE(file.samples[1].role_unknown());
  EXPECT_TRUE(file.samples[1].has_flag("ASSISTED_REMOTE_CATCHUP"));
  const auto needs = [&](std::string_view part) {
    return std::ranges::any_of(
        file.notes, [&](const std::string& n) { return n.find(part) != std::string::npos; });
  };
  EXPECT_TRUE(needs("the side (primary or standby) would come from HADR_ROLE"));
  EXPECT_TRUE(
      needs("the wait a log write makes for HADR would come from LOG_HADR_WAIT_ACCUMULATED"));
  EXPECT_FALSE(needs("a blocked standby")) << "HADR_FLAGS is there";
}

TEST(PastedText, ATimeOfDayColumnComesRoundPastMidnight) {
  const MonitorFile file = monitor_file(
      "CURRENT_TIME,HADR_ROLE,HADR_STATE\n23.59.50,PRIMARY,PEER\n00.00.10,PRIMARY,PEER\n",
      "clock.csv");
  ASSERT_EQ(file.samples.size(), 2u);
  EXPECT_DOUBLE_EQ(*file.samples[1].time - *file.samples[0].time, 20);
}

TEST(PastedText, TabsAreExpandedToTheColumnsATerminalShows) {
  const MonitorFile file = monitor_file(
      "LOG_STREAM_ID\tHADR_STATE\n-------------\t--------------\n0\t\tPEER\n1\t\tREMOTE_CATCHUP\n",
      "tabs.tbl");
  ASSERT_EQ(file.samples.size(), 2u);
  EXPECT_EQ(file.samples[1].state, "REMOTE_CATCHUP");
  EXPECT_EQ(*file.samples[1].log_stream_id, 1);
}

std::string pasted_refusal(const std::string& text) {
  try {
    monitor_file(text, "in.txt");
  } catch (const MonitorInputError& error) {
    return error.what();
  }
  return "";
}

TEST(PastedText, ASnapshotsHadrSectionIsNamedInItsRefusal) {
  EXPECT_EQ(pasted_refusal("Database Snapshot\n\nHADR Status\n  Role                   = Primary\n"
                           "  State                  = Peer\n"),
            "in.txt:3: the HADR section of a database snapshot (db2 get snapshot), whose fields "
            "-diagnose does not read: collect db2pd -db DB -hadr instead");
  EXPECT_EQ(pasted_refusal("$ db2pd -db SAMPLE -hadr\n" + std::string(kNotice)),
            "in.txt: the database was not active (or its member not started) in its one sample: "
            "nothing to diagnose");
}

// db2pd -alldbs prints every active database: each has its own channels.
TEST(PastedText, EveryDatabaseOfAnAlldbsRunIsItsOwnChannel) {
  std::string text = db2pd_sample("PRIMARY", 0, {});
  std::string other = db2pd_sample("PRIMARY", 0, {});
  other.replace(other.find("HADRDB"), 6, "SALESDB");
  std::vector<MonitorFile> files{monitor_file(text + other, "alldbs.txt")};
  EXPECT_EQ(files.front().runs, 2u);
  const PairDiagnosis pair = diagnose_pair(std::move(files));
  ASSERT_EQ(pair.channels.size(), 2u);
  EXPECT_EQ(pair.channels[0].key.database, "HADRDB");
  EXPECT_EQ(pair.channels[1].key.database, "SALESDB");
}

TEST(PastedText, AnUnnamedTimestampColumnIsTheRowsTime) {
  const MonitorFile file = monitor_file(
      "1                          HADR_ROLE HADR_STATE\n"
      "-------------------------- --------- ----------\n"
      "2019-06-03-09.14.02.000000 PRIMARY   PEER\n\n"
      "1                          HADR_ROLE HADR_STATE\n"
      "-------------------------- --------- ----------\n"
      "2019-06-03-09.14.12.000000 PRIMARY   PEER\n",
      "numbered.tbl");
  ASSERT_EQ(file.samples.size(), 2u);
  EXPECT_DOUBLE_EQ(*file.samples[1].time - *file.samples[0].time, 10);
  EXPECT_TRUE(std::ranges::none_of(file.notes, [](const std::string& note) {
    return note.find("the time of each row") != std::string::npos;
  }));
}

TEST(PastedText, DatesInEveryOrderALocalePrints) {
  for (const std::string_view date :
       {"06/08/2011 13:57:23", "08.06.2011 13:57:23", "2011/06/08 13:57:23"}) {
    const MonitorFile file = monitor_file(
        fmt::format("Database Member 0 -- Database D -- Active -- Up 0 days -- Date {}\n"
                    "HADR_ROLE = PRIMARY\n",
                    date),
        "locale.txt");
    EXPECT_EQ(wall_clock_text(*file.samples.front().local_time), "2011-06-08T13:57:23.000") << date;
  }
}

// IBM's own help text for a tool cut the epochs out of its times: "(...)".
TEST(PastedText, AValueOrAnEpochCutOutIsNoFigure) {
  const MonitorFile file = testing::monitor_file(
      "Database Member 0 -- Database BLUDB -- Active -- Up 1 days 23:30:27 --\n"
      "  HADR_ROLE = PRIMARY\n"
      "  HADR_CONNECT_STATUS_TIME = 03/25/2017 15:59:43.095232 (...)\n"
      "  LOG_HADR_WAIT_COUNT = ...\n",
      "cut.txt");
  const HadrSample& s = file.samples.front();
  EXPECT_EQ(s.clock, MonitorClock::Local) << "no epoch left to put it on UTC";
  EXPECT_EQ(wall_clock_text(*s.connect_status_time), "2017-03-25T15:59:43.095");
  EXPECT_FALSE(s.wait_count);
}

// A time of day takes its date from the row's own time fields, so the
// connection's age is true, not sixty years.
TEST(PastedText, ATimeOfDayTakesItsDateFromTheRowsTimeFields) {
  const MonitorFile file = monitor_file(
      "CURRENT_TIME,HADR_ROLE,HADR_CONNECT_STATUS,HADR_CONNECT_STATUS_TIME\n"
      "00.00.05,PRIMARY,CONNECTED,2019-06-03-23.59.50.000000\n",
      "dated.csv");
  const HadrSample& s = file.samples.front();
  EXPECT_DOUBLE_EQ(*s.time - *s.connect_status_time, 15) << "the next day, just after midnight";
  EXPECT_TRUE(file.notes.empty() || std::ranges::none_of(file.notes, [](const std::string& n) {
                return n.find("holds no date") != std::string::npos;
              }));
}

// Only HADR's fields open a section: a shell line or a Markdown rule does not.
TEST(PastedText, ALineWithAnEqualsSignIsNoFieldUnlessHadrNamesIt) {
  const MonitorFile file =
      monitor_file("export DB2INSTANCE=db2inst1\n" + db2pd_sample("PRIMARY", 0, {}) + "=====\n" +
                       db2pd_sample("PRIMARY", 10, {}),
                   "shell.txt");
  EXPECT_EQ(file.samples.size(), 2u);
  EXPECT_EQ(file.runs, 2u);
  EXPECT_EQ(file.other_lines.size(), 1u) << "the rule among the samples";
}

// The query beside a table names what DBAs renamed or left unnamed.
TEST(PastedText, AQuerysSelectListNamesItsHeadings) {
  const MonitorFile file = monitor_file(
      "$ db2 \"select current timestamp, substr(h.HADR_ROLE,1,8) as ROLE, h.HADR_STATE, \\\n"
      "  substr(STANDBY_MEMBER_HOST,1,12) as standby from table(mon_get_hadr(null)) as h\"\n\n"
      "1                          ROLE     HADR_STATE     STANDBY\n"
      "-------------------------- -------- -------------- ------------\n"
      "2019-06-03-09.14.02.000000 PRIMARY  PEER           hostS\n\n"
      "  1 record(s) selected.\n",
      "renamed.tbl");
  ASSERT_EQ(file.samples.size(), 1u);
  const HadrSample& s = file.samples.front();
  EXPECT_EQ(s.role, "PRIMARY");
  EXPECT_EQ(s.state, "PEER");
  EXPECT_EQ(s.standby_host, "hostS");
  EXPECT_TRUE(s.time) << "the unnamed current timestamp, headed 1";
  EXPECT_EQ(select_list_columns({{1, "select a.b as X, count(*) from t"}}).size(), 0u)
      << "nothing of HADR's: no heading mapped";
}

// V9.7's admin view, its columns renamed: the hosts sorted by the role.
TEST(PastedText, TheSnaphadrViewIsReadByMonGetHadrsNames) {
  const MonitorFile file = monitor_file(
      "select substr(HADR_ROLE,1,10) as ROLE, HADR_HEARTBEAT, substr(HADR_LOCAL_HOST,1,10) as "
      "LOCAL, substr(HADR_REMOTE_HOST,1,10) as REMOTE, SNAPSHOT_TIMESTAMP from "
      "sysibmadm.snaphadr\n\n"
      "ROLE       HADR_HEARTBEAT LOCAL      REMOTE     SNAPSHOT_TIMESTAMP\n"
      "---------- -------------- ---------- ---------- --------------------------\n"
      "STANDBY                 3 hostS      hostP      2016-03-14-15.58.03.220468\n",
      "snap.tbl");
  const HadrSample& s = file.samples.front();
  EXPECT_EQ(s.role, "STANDBY");
  EXPECT_EQ(*s.heartbeats_missed, 3);
  EXPECT_EQ(s.primary_host, "hostP");
  EXPECT_EQ(s.standby_host, "hostS");
  EXPECT_TRUE(s.time);
}

TEST(PastedText, AnAuthorsNoteAfterAValueIsNotTheValue) {
  const MonitorFile file = monitor_file(
      "HADR_ROLE = STANDBY\nSTANDBY_RECV_BUF_PERCENT = 100          #full: replay is behind\n",
      "noted.txt");
  EXPECT_DOUBLE_EQ(*file.samples.front().receive_buffer_percent, 100);
}

// On an idle pair TIME_SINCE_LAST_RECV reaches a heartbeat interval: only two
// heartbeats' silence is a finding.
TEST(PastedText, SilenceIsAFindingPastTwoHeartbeats) {
  const auto findings = [](std::string_view since) {
    std::vector<MonitorFile> files{
        monitor_file(db2pd_sample("PRIMARY", 0,
                                  {{"HADR_CONNECT_STATUS", "CONNECTED"},
                                   {"HEARTBEAT_INTERVAL(seconds)", "30"},
                                   {"HADR_TIMEOUT(seconds)", "120"},
                                   {"TIME_SINCE_LAST_RECV(seconds)", std::string(since)}}),
                     "silent.txt")};
    const PairDiagnosis pair = diagnose_pair(std::move(files));
    std::string text;
    for (const std::string& f : pair.diagnoses.front().findings) text += f + "\n";
    return text;
  };
  EXPECT_EQ(findings("45").find("TIME_SINCE_LAST_RECV"), std::string::npos);
  EXPECT_NE(findings("75").find("TIME_SINCE_LAST_RECV 75 s"), std::string::npos) << findings("75");
}

}  // namespace
}  // namespace simhadr
