// Reading monitor samples: each format's fields in one unit, the clock, and
// every refusal naming its file and line.
#include "simhadr/monitor/monitor_input.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "simhadr/monitor/sample_builder.hpp"

namespace simhadr {
namespace {

MonitorFile read(const std::string& text, std::string name = "in.txt") {
  std::istringstream in(text);
  return read_monitor_file(in, std::move(name));
}

// The refusal's message, or "" when the text was read.
std::string reading_refusal(const std::string& text) {
  try {
    read(text);
  } catch (const MonitorInputError& error) {
    return error.what();
  }
  return "";
}

constexpr std::string_view kSection = R"(
Database Member 0 -- Database HADRDB -- Active -- Up 0 days 00:23:17 -- Date 06/08/2011 13:57:23

                            HADR_ROLE = PRIMARY
                        HADR_SYNCMODE = SYNC
                        LOG_STREAM_ID = 0
                           HADR_STATE = PEER
                           HADR_FLAGS = TCP_PROTOCOL STANDBY_RECV_BLOCKED
                  STANDBY_MEMBER_HOST = hostS1.example.com
                  HADR_CONNECT_STATUS = CONNECTED
             HADR_CONNECT_STATUS_TIME = 06/08/2011 13:38:10.199479 (1307565490)
           LOG_HADR_WAIT_CUR(seconds) = 0.250
   LOG_HADR_WAIT_ACCUMULATED(seconds) = 0.516
                  LOG_HADR_WAIT_COUNT = 82
SOCK_SEND_BUF_REQUESTED,ACTUAL(bytes) = 0, 50772
            PRIMARY_LOG_FILE,PAGE,POS = S0000009.LOG, 1, 49262315
         STANDBY_RECV_BUF_SIZE(pages) = 16
             STANDBY_RECV_BUF_PERCENT = 100
                STANDBY_SPOOL_PERCENT = NULL
)";

TEST(Db2pdReader, FieldsComeInOneUnitAndCompositesSplit) {
  const MonitorFile file = read(std::string(kSection));
  EXPECT_EQ(file.format, MonitorFormat::Db2pd);
  ASSERT_EQ(file.samples.size(), 1u);
  const HadrSample& s = file.samples.front();
  EXPECT_EQ(s.database, "HADRDB");
  EXPECT_EQ(s.role, "PRIMARY");
  EXPECT_EQ(s.standby_host, "hostS1.example.com") << "host names keep their case";
  EXPECT_TRUE(s.reports_flags);
  EXPECT_TRUE(s.has_flag("STANDBY_RECV_BLOCKED"));
  EXPECT_DOUBLE_EQ(*s.wait_current, 0.25);
  EXPECT_DOUBLE_EQ(*s.wait_accumulated, 0.516);
  EXPECT_EQ(*s.wait_count, 82);
  EXPECT_EQ(*s.send_buffer.requested, 0);
  EXPECT_EQ(*s.send_buffer.actual, 50772);
  EXPECT_EQ(*s.primary_pos, 49262315);
  EXPECT_EQ(*s.receive_buffer_pages, 16);
  EXPECT_DOUBLE_EQ(*s.receive_buffer_percent, 100);
  EXPECT_FALSE(s.spool_percent) << "NULL is no figure";
  EXPECT_EQ(s.source.line, 4u) << "a section starts at its HADR_ROLE";
}

TEST(Db2pdReader, TheHeaderTimeGoesOnTheEpochsClock) {
  const HadrSample s = read(std::string(kSection)).samples.front();
  ASSERT_EQ(s.clock, MonitorClock::Utc);
  // 13:38:10 on the host is epoch 1307565490: the host runs 7 hours behind UTC.
  EXPECT_DOUBLE_EQ(*s.connect_status_time, 1307565490.199479);
  EXPECT_DOUBLE_EQ(*s.time, 1307565490.0 + (13 * 3600 + 57 * 60 + 23) - (13 * 3600 + 38 * 60 + 10));
  EXPECT_EQ(time_of_day(s), "13:57:23");
}

TEST(Db2pdReader, OneHeaderMayHoldASectionPerStandby) {
  const std::string text =
      R"(Database Member 0 -- Database HADRDB -- Active -- Up 1 days -- Date 2019-02-06-15.35.28.505451
  HADR_ROLE = PRIMARY
  STANDBY_MEMBER_HOST = s1
  HADR_ROLE = PRIMARY
  STANDBY_MEMBER_HOST = s2

  HADR_ROLE = PRIMARY
  STANDBY_MEMBER_HOST = s3
)";
  const MonitorFile file = read(text);
  ASSERT_EQ(file.samples.size(), 3u);
  EXPECT_EQ(file.samples[2].standby_host, "s3");
  EXPECT_EQ(file.samples[2].clock, MonitorClock::Local) << "no epoch anywhere: the wall clock";
  EXPECT_EQ(time_of_day(file.samples[2]), "15:35:28");
}

TEST(Db2pdReader, RefusalsNameTheirLine) {
  EXPECT_EQ(reading_refusal("Database Member 0 -- Database D -- Active\n  HADR_ROLE = PRIMARY\n"
                            "  LOG_HADR_WAIT_COUNT = many\n"),
            "in.txt:3: LOG_HADR_WAIT_COUNT is 'many', not a whole number");
  EXPECT_EQ(reading_refusal("Database Member 0 -- Database D -- Active\n  HADR_ROLE = PRIMARY\n"
                            "  PRIMARY_LOG_FILE,PAGE,POS = S1.LOG, 1\n"),
            "in.txt:3: PRIMARY_LOG_FILE,PAGE,POS needs 3 values, has 2");
  EXPECT_EQ(reading_refusal("Database Member 0 -- Database D -- Active\n  HADR_ROLE = PRIMARY\n"
                            "  HADR_CONNECT_STATUS_TIME = yesterday\n"),
            "in.txt:3: HADR_CONNECT_STATUS_TIME is 'yesterday', not a time");
  EXPECT_EQ(reading_refusal("what is this\n"),
            "in.txt:1: neither HADR monitor output (db2pd -hadr, MON_GET_HADR) nor log counters "
            "(db2pd -logs, MON_GET_TRANSACTION_LOG, MON_GET_WORKLOAD): no db2pd header, field or "
            "monitor column names anywhere: 'what is this'");
  EXPECT_EQ(
      reading_refusal("Database Member 0 -- Database D -- Active -- Date 06/08/2011 13:57:23\n"),
      "in.txt:1: a db2pd header with no HADR field after it: nothing to diagnose (the fields "
      "were cut out, or HADR is not set up on this database)");
  EXPECT_EQ(reading_refusal("\n\n"), "in.txt: holds no samples");
}

std::string sample_at(std::string_view role, std::string_view database, std::string_view time,
                      long long primary_pos) {
  return "Database Member 0 -- Database " + std::string(database) +
         " -- Active -- Date 2025-12-02-" + std::string(time) +
         "\n  HADR_ROLE = " + std::string(role) +
         "\n  PRIMARY_LOG_POS = " + std::to_string(primary_pos) + "\n\n";
}

TEST(MonitorInput, ASeriesMustMoveOn) {
  EXPECT_EQ(reading_refusal(sample_at("PRIMARY", "A", "08.00.10", 10) +
                            sample_at("PRIMARY", "B", "08.00.00", 20)),
            "")
      << "each database is its own series (db2pd -alldbs)";
  EXPECT_EQ(reading_refusal(sample_at("PRIMARY", "A", "08.00.10", 10) +
                            sample_at("PRIMARY", "A", "08.00.00", 20)),
            "in.txt:6: taken at 08:00:00, before the sample of line 2 (08:00:10): samples must "
            "follow in time");
  EXPECT_EQ(reading_refusal(sample_at("PRIMARY", "A", "08.00.10", 10) +
                            sample_at("PRIMARY", "A", "08.00.10", 20)),
            "in.txt:6: taken at 08:00:10, the same time as the sample of line 2 (08:00:10): "
            "samples must follow in time");
  EXPECT_EQ(reading_refusal(sample_at("PRIMARY", "A", "08.00.00", 20) +
                            sample_at("PRIMARY", "A", "08.00.10", 10)),
            "in.txt:6: PRIMARY_LOG_POS went back from 20 (line 2) to 10 with no change of role");
  EXPECT_EQ(reading_refusal(sample_at("PRIMARY", "A", "08.00.00", 20) +
                            sample_at("STANDBY", "A", "08.00.10", 10)),
            "")
      << "a takeover between two samples may set the positions back";
}

TEST(Db2pdV97Reader, TablesUnderTheirHeaders) {
  const std::string text = R"(
Database Partition 0 -- Database HADRDB -- Standby -- Up 0 days 00:19:25
-- Date 2011-09-14-10.27.12.105437

HADR Information:
Role    State                SyncMode HeartBeatsMissed   LogGapRunAvg (bytes)
Standby RemoteCatchupPending Nearsync 2                  1412

ConnectStatus ConnectTime                           Timeout
Connected     Mon Sep 05 14:05:09 2006 (1158008709) 8

LocalHost                                LocalService
server2.ibm.com                          hdr_svc2

RemoteHost                               RemoteService      RemoteInstance
server1.ibm.com                          hdr_svc1           accounting

StandByFile  StandByPg  StandByLSN         StandByRcvBufUsed
S0000832.LOG 3          0x0000000001CA3A77 87%
)";
  const MonitorFile file = read(text);
  EXPECT_EQ(file.format, MonitorFormat::Db2pdV97);
  ASSERT_EQ(file.samples.size(), 1u);
  const HadrSample& s = file.samples.front();
  EXPECT_EQ(s.role, "STANDBY");
  EXPECT_EQ(s.state, "REMOTE_CATCHUP_PENDING");
  EXPECT_EQ(s.sync_mode, "NEARSYNC");
  EXPECT_EQ(*s.heartbeats_missed, 2);
  EXPECT_EQ(*s.log_gap_average, 1412);
  EXPECT_EQ(s.connect_status, "CONNECTED");
  EXPECT_DOUBLE_EQ(*s.connect_status_time, 1158008709);
  EXPECT_DOUBLE_EQ(*s.hadr_timeout, 8);
  EXPECT_EQ(s.standby_host, "server2.ibm.com") << "a standby's LocalHost is the standby";
  EXPECT_EQ(s.primary_host, "server1.ibm.com");
  EXPECT_EQ(*s.standby_pos, 0x1CA3A77);
  EXPECT_EQ(*s.replay_pos, 0x1CA3A77) << "V9.7's one position is where replay stands";
  EXPECT_DOUBLE_EQ(*s.receive_buffer_percent, 87);
  EXPECT_EQ(time_of_day(s), "10:27:12") << "the date wrapped onto its own line";
}

TEST(Db2pdV97Reader, ADatabaseWithoutItsRoleIsRefused) {
  EXPECT_EQ(reading_refusal("Database Partition 0 -- Database D -- Active\nHADR Information:\n"
                            "ConnectStatus\nConnected\n"),
            "in.txt:1: a database without its Role row");
  EXPECT_EQ(
      reading_refusal("Database Partition 0 -- Database D -- Active\nHADR Information:\nRole\n"),
      "in.txt:3: a table header without its row of values: 'Role'");
}

constexpr std::string_view kCsvHeader =
    "SAMPLE_TIME,DB_NAME,HADR_ROLE,HADR_CONNECT_STATUS,HADR_CONNECT_STATUS_TIME,"
    "LOG_HADR_WAIT_CUR,LOG_HADR_WAIT_TIME,LOG_HADR_WAITS_TOTAL,PEER_WINDOW,STANDBY_SPOOL_PERCENT\n";

std::string csv_row(std::string_view time) {
  return std::string(time) +
         ",hadrdb,\"PRIMARY\",\"CONGESTED\",2013-09-13-11.30.50.000000,1500,900000,3000000,"
         "120000,\n";
}

// Every duration in milliseconds: the waits, TIME_SINCE_LAST_RECV and the
// settings too (IBM: a 60 s HADR_TIMEOUT is 60000 in MON_GET_HADR).
TEST(MonGetHadrReader, CsvDurationsAreMilliseconds) {
  // A loop that appends an export each time repeats the header: it is read once.
  const MonitorFile file = read(std::string(kCsvHeader) + csv_row("2013-09-13-11.30.55.811394") +
                                std::string(kCsvHeader) + csv_row("2013-09-13-11.31.55.811394"));
  EXPECT_EQ(file.format, MonitorFormat::MonGetHadrCsv);
  ASSERT_EQ(file.samples.size(), 2u);
  const HadrSample& s = file.samples.front();
  EXPECT_EQ(s.database, "HADRDB");
  EXPECT_EQ(s.connect_status, "CONGESTED");
  EXPECT_EQ(s.clock, MonitorClock::Local);
  EXPECT_NEAR(*s.time - *s.connect_status_time, 5.811394, 1e-6);
  EXPECT_DOUBLE_EQ(*s.wait_current, 1.5);
  EXPECT_DOUBLE_EQ(*s.wait_accumulated, 900);
  EXPECT_EQ(*s.wait_count, 3000000);
  EXPECT_DOUBLE_EQ(*s.peer_window, 120);
  EXPECT_FALSE(s.spool_percent);
  EXPECT_EQ(s.source.line, 2u);
}

TEST(MonGetHadrReader, TheClpTableByItsDashes) {
  const std::string text = R"(
CURRENT_TIMESTAMP          HADR_ROLE     HADR_STATE     STANDBY_MEMBER_HOST PRIMARY_LOG_POS
-------------------------- ------------- -------------- ------------------- --------------------
2013-09-13-11.30.55.811394 PRIMARY       PEER           hostS1                        1234567890

  1 record(s) selected.

)";
  const MonitorFile file = read(text);
  EXPECT_EQ(file.format, MonitorFormat::MonGetHadrTable);
  ASSERT_EQ(file.samples.size(), 1u);
  EXPECT_EQ(file.samples.front().state, "PEER");
  EXPECT_EQ(file.samples.front().standby_host, "hostS1");
  EXPECT_EQ(*file.samples.front().primary_pos, 1234567890);
  EXPECT_EQ(time_of_day(file.samples.front()), "11:30:55");
}

TEST(MonGetHadrReader, RowsWithoutTheirHeaderAreRefusedWithHowToExport) {
  const std::string message = reading_refusal("2013-09-13-11.30.55.811394,\"PRIMARY\",\"PEER\"\n");
  EXPECT_TRUE(message.starts_with("in.txt:1: MON_GET_HADR rows without their column names (db2 -x"))
      << message;
  EXPECT_EQ(reading_refusal("HADR_ROLE,PRIMARY_LOG_POS\nPRIMARY,12,13\n"),
            "in.txt:2: 3 values under a header of 2 columns");
  EXPECT_EQ(reading_refusal("HADR_ROLE,PRIMARY_LOG_POS\nPRIMARY,twelve\n"),
            "in.txt:2: PRIMARY_LOG_POS is 'twelve', not a whole number");
  EXPECT_EQ(reading_refusal("SAMPLE_TIME,HADR_ROLE\nnow,PRIMARY\n"),
            "in.txt:2: SAMPLE_TIME is 'now', not a time");
}

TEST(StampedTime, EveryLayoutTheMonitorsPrint) {
  const auto a = parse_stamped_time("06/08/2011 13:38:10.199479 (1307565490)");
  ASSERT_TRUE(a && a->epoch);
  EXPECT_DOUBLE_EQ(*a->epoch, 1307565490.199479);
  const auto b = parse_stamped_time("2011-06-08-13.38.10.199479");
  const auto c = parse_stamped_time("2011-06-08 13:38:10.199479");
  const auto d = parse_stamped_time("Wed Jun 08 13:38:10 2011");
  ASSERT_TRUE(b && c && d);
  EXPECT_DOUBLE_EQ(a->local, b->local);
  EXPECT_DOUBLE_EQ(b->local, c->local);
  EXPECT_DOUBLE_EQ(std::floor(b->local), d->local);
  EXPECT_FALSE(parse_stamped_time("13/45/2011 10:00:00"));
  EXPECT_FALSE(parse_stamped_time("2011-06-08 13:38:10 (soon)"));
}

}  // namespace
}  // namespace simhadr

namespace simhadr {
namespace {

constexpr std::string_view kInactive =
    "Database HADRDB not activated on database member 0 or this database name cannot be found "
    "in the local database directory.\n";

TEST(MonitorInput, ALoopThroughAnOutageCountsTheInactiveSamples) {
  const MonitorFile file = read(std::string(kInactive) + sample_at("PRIMARY", "A", "08.00.00", 1) +
                                std::string(kInactive) + sample_at("PRIMARY", "A", "08.00.20", 2));
  EXPECT_EQ(file.samples.size(), 2u);
  EXPECT_EQ(file.inactive_lines, (std::vector<std::size_t>{1, 6}));
  EXPECT_EQ(reading_refusal(std::string(kInactive) + "\n" + std::string(kInactive)),
            "in.txt: the database was not active (or its member not started) in all 2 of its "
            "samples: nothing to diagnose");
}

}  // namespace
}  // namespace simhadr
