#include "simhadr/report/csv_report.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace simhadr {
namespace {

std::size_t fields(const std::string& line) {
  return static_cast<std::size_t>(std::ranges::count(line, ',')) + 1;
}

TEST(CsvReport, EveryRowHasTheHeadersColumns) {
  const std::size_t columns = fields(csv_header());
  EXPECT_EQ(columns, 50u);
  RunConfig config;
  config.standby_request.receive_buffer = 262144;
  RunResult primary;
  primary.settings.flush_pages = 16;
  primary.flushes.add(65536);
  primary.elapsed = std::chrono::seconds(1);
  primary.settings.disk = DiskParams{50_MBps, 0.001};
  const std::string row = csv_row({}, config, primary, "completed");
  EXPECT_EQ(fields(row), columns) << row;
  EXPECT_NE(row.find(",primary,NEARSYNC,16,0,0,,262144,,50,0.001,,1.000000,0.065536,1,"),
            std::string::npos)
      << row;
  RunResult standby = primary;
  standby.settings.role = Role::Standby;
  standby.settings.receive_buffer_pages = 64;
  EXPECT_EQ(fields(csv_row({}, config, standby, "failed")), columns);
  standby.cpu = CpuUsage{std::chrono::milliseconds(250), std::chrono::milliseconds(500),
                         std::chrono::milliseconds(20), std::chrono::seconds(1)};
  const std::string with_cpu = csv_row({}, config, standby, "completed");
  EXPECT_EQ(fields(with_cpu), columns);
  EXPECT_TRUE(with_cpu.ends_with(",completed,0.250000,0.500000,0.020000,,,,,,,,,,,,,,,,,,,,,,,,,,"))
      << with_cpu;
  const std::string disk = csv_row({}, DiskRow{"disk-write", 4, 1.0, 50.0, 100, 0.01}, "completed");
  EXPECT_EQ(fields(disk), columns);
  EXPECT_TRUE(
      disk.ends_with(",disk-write,,4,,,,,,,,,1.000000,50.000000,100,0.010000,,,,,completed,,,,,,,,,"
                     ",,,,,,,,,,,,,,,,,,,,"))
      << disk;
  // A primary with one auxiliary fills standby 2's columns and leaves standby 3's empty.
  primary.auxiliaries.emplace_back().sent_bytes = 500000;
  primary.auxiliaries.back().worst_lag = {131072, 2, std::chrono::milliseconds(5)};
  const std::string with_auxiliary = csv_row({}, config, primary, "completed");
  EXPECT_EQ(fields(with_auxiliary), columns);
  EXPECT_TRUE(with_auxiliary.ends_with(",0.500000,131072,0.005000,,,,,,,,,,,,,,,,,,,,,,,"))
      << with_auxiliary;
  // A watched connection's stalls close the row; none is a count of 0, not an empty cell.
  primary.stalls = StallRecord{};
  EXPECT_TRUE(
      csv_row({}, config, primary, "completed").ends_with(",0,0.000000,0.000000,,,,,,,,,,,,,,,,"));
  primary.stalls->episodes = {{std::chrono::seconds(2), std::chrono::milliseconds(300)},
                              {std::chrono::seconds(5), std::chrono::milliseconds(1200)}};
  const std::string with_stalls = csv_row({}, config, primary, "completed");
  EXPECT_EQ(fields(with_stalls), columns);
  EXPECT_TRUE(with_stalls.ends_with(",2,1.200000,1.500000,,,,,,,,,,,,,,,,")) << with_stalls;
  // A TLS run closes the row with what the two sides agreed on; a model with its cost.
  primary.tls = TlsFacts{"TLSv1.3", "TLS_AES_256_GCM_SHA384", true, "CN=standby", "CN=ca", 4711};
  primary.tls_cost = TlsCost{0.45, TlsCostSource::Given, "given"};
  const std::string with_tls = csv_row({}, config, primary, "completed");
  EXPECT_EQ(fields(with_tls), columns);
  EXPECT_TRUE(with_tls.ends_with(",TLSv1.3,TLS_AES_256_GCM_SHA384,yes,4711,0.450000,,,,,,,,,,,"))
      << with_tls;
  // What this side asked of the kernel closes it, beside what the kernel gave.
  primary.settings.requested_send_buffer = 65536;
  primary.socket_send_buffer = 131072;
  const std::string asked = csv_row({}, config, primary, "completed");
  EXPECT_TRUE(asked.ends_with(",0.450000,65536,,,,,,,,,,")) << asked;
  EXPECT_NE(asked.find(",primary,NEARSYNC,16,131072,0,"), std::string::npos) << asked;
  // Last, the payload: its kind, and for files their size.
  primary.settings.payload = PayloadSpec{PayloadKind::Files, {{"S0000001.LOG", 4096}, {"b", 10}}};
  EXPECT_TRUE(csv_row({}, config, primary, "completed").ends_with(",65536,,files,4106,,,,,,,"));
  const std::string dots_written = csv_row(
      {}, DiskRow{"disk-write", 4, 1.0, 50.0, 100, 0.01, PayloadSpec{PayloadKind::Dots, {}}},
      "completed");
  EXPECT_TRUE(dots_written.ends_with(",completed,,,,,,,,,,,,,,,,,,,,,dots,,,,,,,,"))
      << dots_written;
  // After it, what -compress did on this side.
  primary.compression = CompressionFacts{CompressionChoice{Compressor::Zstd, 1}, 3000000, 1000000,
                                         std::chrono::milliseconds(6)};
  EXPECT_TRUE(csv_row({}, config, primary, "completed")
                  .ends_with(",files,4106,zstd:1,3.0000,1000000,2.000000,,,"));
}

TEST(CsvReport, ASweepsRowsCarryTheFitAndWhatSetsEachSizesTime) {
  DiskRow row{"disk-write", 1, 2.0, 2.0, 1000, 0.002};
  row.fit = DiskParams{3800.0_MBps, 0.0001, DiskCaps{500.0, 60.0_MBps}};
  row.limit = DiskLimit::IopsCap;
  const std::string line = csv_row({}, row, "completed");
  EXPECT_EQ(fields(line), fields(csv_header()));
  EXPECT_NE(line.find(",disk-write,,1,,,,,,3800,0.0001,,"), std::string::npos) << line;
  EXPECT_TRUE(line.ends_with(",500,60,IOPS cap")) << line;
}

}  // namespace
}  // namespace simhadr
