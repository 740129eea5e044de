// Reading db2logscan output: which lines are rate lines, their figures, the
// average after the distribution heading, and the refusals with their line.
#include "simhadr/workload/db2logscan.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace simhadr {
namespace {

constexpr std::string_view kRate =
    "2013-02-26 15:32:09  7.307 MB/s, 60 sec,  17.6 pg/f, 0.009435 sec/f,  15.9 pg/tr, "
    "0.186589 sec/tr, 0.008580 sec/cmt, nOpenTrans  22.7";

TEST(Db2LogscanReader, ARateLineGivesItsEightFigures) {
  const auto interval = parse_rate_line(kRate, "f line 1");
  ASSERT_TRUE(interval);
  EXPECT_EQ(interval->timestamp, "2013-02-26 15:32:09");
  EXPECT_DOUBLE_EQ(interval->rate.value(), 7.307);
  EXPECT_DOUBLE_EQ(interval->seconds, 60);
  EXPECT_DOUBLE_EQ(interval->flush_pages, 17.6);
  EXPECT_DOUBLE_EQ(interval->flush_seconds, 0.009435);
  EXPECT_DOUBLE_EQ(interval->transaction_pages, 15.9);
  EXPECT_DOUBLE_EQ(interval->transaction_seconds, 0.186589);
  EXPECT_DOUBLE_EQ(interval->commit_seconds, 0.008580);
  EXPECT_DOUBLE_EQ(interval->open_transactions, 22.7);
  EXPECT_TRUE(parse_rate_line(std::string(kRate) + "\r", "f line 1")) << "CRLF files read too";
}

TEST(Db2LogscanReader, OtherLinesAreNotRateLines) {
  EXPECT_FALSE(parse_rate_line("Logging rate:", "f"));
  EXPECT_FALSE(parse_rate_line("2013-02-26 15:32:09 transaction 5 started", "f"));
  EXPECT_FALSE(parse_rate_line("", "f"));
}

TEST(Db2LogscanReader, KeepsEveryLineAndTheAverageAfterTheDistributionHeading) {
  std::istringstream first("Logging rate:\n" + std::string(kRate) + "\n");
  std::istringstream second(
      "Distribution of log write rate (unit is MB/s):\nTotal 8 numbers, Min 1.3, Avg 4.096\n");
  Db2LogscanReader reader;
  reader.read(first, "a");
  reader.read(second, "b");
  const std::vector<ScanLine> lines = reader.take();
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0].kind, ScanLine::Kind::Other);
  EXPECT_EQ(lines[1].kind, ScanLine::Kind::Interval);
  EXPECT_EQ(lines[2].kind, ScanLine::Kind::DistributionHeading);
  EXPECT_EQ(lines[3].kind, ScanLine::Kind::AverageRate);
  EXPECT_DOUBLE_EQ(lines[3].average_rate.value(), 4.096);
  EXPECT_EQ(lines[1].text, kRate);
}

std::string scan_refusal(const std::string& text) {
  std::istringstream in(text);
  Db2LogscanReader reader;
  try {
    reader.read(in, "scan.txt");
    reader.take();
  } catch (const WorkloadInputError& error) {
    return error.what();
  }
  return "accepted";
}

// Why the reader passed over `damaged`, the second line after a good rate line.
std::string skipped(const std::string& damaged) {
  std::istringstream in(std::string(kRate) + "\n" + damaged + "\n");
  Db2LogscanReader reader;
  reader.read(in, "scan.txt");
  const std::vector<ScanLine> lines = reader.take();
  EXPECT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines.front().kind, ScanLine::Kind::Interval) << "the good interval is kept";
  EXPECT_EQ(lines.back().kind, ScanLine::Kind::Other);
  EXPECT_EQ(lines.back().text, damaged) << "echoed as it was";
  return lines.back().skipped;
}

// IBM's calculator annotates what it can and echoes the rest: a damaged
// line costs that line only, and says why.
TEST(Db2LogscanReader, ADamagedLineIsPassedOverWithTheReason) {
  std::string cut(kRate);
  cut.resize(cut.find(", nOpenTrans"));
  EXPECT_EQ(skipped(cut),
            "scan.txt line 2: the rate line has no nOpenTrans figure where db2logscan puts it");
  std::string negative(kRate);
  negative.replace(negative.find("7.307"), 5, "-7.30");
  EXPECT_EQ(skipped(negative), "scan.txt line 2: MB/s -7.30 is negative");
  std::string junk(kRate);
  junk.replace(junk.find("22.7"), 4, "lots");
  EXPECT_EQ(skipped(junk), "scan.txt line 2: 'lots' is not a number (nOpenTrans)");
  std::istringstream summary(std::string(kRate) +
                             "\nDistribution of log write rate (unit is MB/s):\nTotal none\n");
  Db2LogscanReader reader;
  reader.read(summary, "scan.txt");
  ASSERT_NE(reader.first_skipped(), nullptr);
  EXPECT_NE(reader.first_skipped()->find("scan.txt line 3: the line after"), std::string::npos);
  EXPECT_EQ(
      scan_refusal("nothing\n"),
      "scan.txt: no db2logscan rate lines found; they read \"2013-02-08 23:58:27  0.792 MB/s, "
      "60 sec,  17.7 pg/f, 0.087083 sec/f, ...\" (db2logscan -interval 60 S*.LOG prints "
      "them)");
}

TEST(Db2LogscanReader, NonBreakingSpacesReadAsSpaces) {
  std::string padded(kRate);
  for (std::size_t at = 0; (at = padded.find("  ", at)) != std::string::npos; at += 3) {
    padded.replace(at, 1, "\xC2\xA0");
  }
  std::istringstream in(padded + "\n");
  Db2LogscanReader reader;
  reader.read(in, "scan.txt");
  const std::vector<ScanLine> lines = reader.take();
  ASSERT_EQ(lines.front().kind, ScanLine::Kind::Interval);
  EXPECT_DOUBLE_EQ(lines.front().interval.open_transactions, 22.7);
  EXPECT_EQ(lines.front().text, padded) << "echoed as it came";
}

}  // namespace
}  // namespace simhadr
