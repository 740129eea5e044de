// A persistent standby (-loop) serving three primary runs in a row, each with
// other settings, two of them asked of the standby through the handshake; and
// tools/sweep drawing its plot against such a standby.
#include <signal.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "fake_peer.hpp"
#include "pair_run.hpp"

namespace simhadr::e2e {
namespace {

using namespace std::chrono_literals;
namespace fs = std::filesystem;

fs::path scratch_dir(const std::string& name) {
  const fs::path dir = fs::path(SIMHADR_SCRATCH_DIR) / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::vector<std::string> csv_lines(const fs::path& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string field(const std::string& line, int index) {
  std::istringstream in(line);
  std::string value;
  for (int i = 0; i <= index; ++i) std::getline(in, value, ',');
  return value;
}

TEST(PersistentStandby, ServesThreeRunsWithDifferentSettingsUntilInterrupted) {
  const fs::path dir = scratch_dir("loop");
  const std::string port = std::to_string(private_port(PortBlock::PersistentStandby));
  const std::string csv = (dir / "standby.csv").string();
  const std::string json_lines = (dir / "standby.jsonl").string();
  ChildProcess standby({"-role", "standby", "-loop", "-lhost", "127.0.0.1", "-lport", "1", "-rhost",
                        "127.0.0.1", "-rport", port, "-csv", csv, "-json", json_lines});
  const std::vector<std::vector<std::string>> runs = {
      {"-n", "50", "-syncMode", "SYNC", "-flushSize", "4"},
      {"-n", "60", "-syncMode", "ASYNC", "-flushSize", "8", "-standbyHadrBufSize", "40"},
      {"-n", "70", "-syncMode", "NEARSYNC", "-standbySockRcvBuf", "262144"},
  };
  for (const auto& settings : runs) {
    ChildProcess primary(concat({"-role", "primary", "-lhost", "127.0.0.1", "-lport", port,
                                 "-rhost", "127.0.0.1", "-rport", "1", "-connectTimeout", "20"},
                                settings));
    ASSERT_EQ(primary.wait(kRunBound), 0) << primary.out() << primary.err();
  }
  ASSERT_TRUE(standby.wait_for_output("======== standby run 4", 10s)) << standby.out();
  standby.send_signal(SIGINT);
  ASSERT_EQ(standby.wait(10s), 0) << standby.err();

  const std::vector<std::string> lines = csv_lines(csv);
  ASSERT_EQ(lines.size(), 4u);  // the header and one row per run
  EXPECT_EQ(field(lines[1], 2), "SYNC");
  EXPECT_EQ(field(lines[1], 3), "4");
  EXPECT_EQ(field(lines[1], 14), "50");
  EXPECT_EQ(field(lines[2], 2), "ASYNC");
  EXPECT_EQ(field(lines[2], 8), "40");  // the receive buffer the primary asked for
  EXPECT_EQ(field(lines[2], 14), "60");
  EXPECT_EQ(field(lines[3], 2), "NEARSYNC");
  // The kernel doubles what was asked; the run's connection had it.
  EXPECT_GE(std::stoi(field(lines[3], 5)), 262144);
  EXPECT_EQ(field(lines[3], 14), "70");
  EXPECT_EQ(expect_valid_json(json_lines), 3u);
  const std::string out = standby.out();
  EXPECT_NE(out.find("Reconnecting with the primary's socket buffer sizes"), std::string::npos);
}

// A primary that has finished still listens until its process exits, and the
// kernel resets whatever connection waits in that backlog then: not a run.
TEST(PersistentStandby, AConnectionResetBeforeAnyHandshakeIsNotRecorded) {
  const fs::path dir = scratch_dir("loop-reset");
  const fs::path csv = dir / "standby.csv";
  FakePeer ending_primary = FakePeer::listening();
  ChildProcess standby({"-role", "standby", "-loop", "-lhost", "127.0.0.1", "-lport", "1", "-rhost",
                        "127.0.0.1", "-rport", std::to_string(ending_primary.port()), "-csv",
                        csv.string()});
  ASSERT_TRUE(ending_primary.accept(10s));
  ending_primary.reset();
  // The reset meets the standby once connected (not a run), or while its
  // connect completes (a failed connect, retried); neither may be recorded.
  const auto saw_reset = [&] {
    const std::string out = standby.out();
    return out.find("waiting for the next primary") != std::string::npos ||
           out.find("Connection reset by peer") != std::string::npos;
  };
  const auto deadline = std::chrono::steady_clock::now() + 10s;
  while (!saw_reset() && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(10ms);
  }
  ASSERT_TRUE(saw_reset()) << standby.out();
  standby.send_signal(SIGINT);
  ASSERT_EQ(standby.wait(10s), 0) << standby.err();
  EXPECT_FALSE(fs::exists(csv)) << csv_lines(csv).size() << " lines";
  EXPECT_EQ(standby.out().find("======== standby run 2"), std::string::npos) << standby.out();
  // Nor is it reported: a script counting "Total N flushes" lines counts runs.
  EXPECT_EQ(standby.out().find("Total 0 flushes"), std::string::npos) << standby.out();
}

std::vector<std::string> retrying_standby_args() {
  return {"-role",
          "standby",
          "-loop",
          "-lhost",
          "127.0.0.1",
          "-lport",
          "1",
          "-rhost",
          "127.0.0.1",
          "-rport",
          std::to_string(private_port(PortBlock::NoListener))};
}

// GNU timeout sends its signal to the child and then to the child's process
// group, so a standby under it is told to stop twice by one process. That is
// one stop, with its report; a run in the fleet lost its report to it.
TEST(StopSignals, TheSameSignalTwiceFromOneProcessIsOneStop) {
  ChildProcess standby(retrying_standby_args());
  ASSERT_TRUE(standby.wait_for_output("======== standby run 1", 10s)) << standby.out();
  std::this_thread::sleep_for(200ms);
  standby.send_signal(SIGTERM);
  // The second comes once the first is taken, as when timeout is preempted between the two.
  ASSERT_TRUE(standby.wait_signal_taken(SIGTERM, 10s));
  standby.send_signal(SIGTERM);
  ASSERT_EQ(standby.wait(10s), 0) << standby.err();
  EXPECT_EQ(standby.err().find("second interrupt"), std::string::npos) << standby.err();
  EXPECT_NE(standby.out().find("Stopped before the primary connected."), std::string::npos)
      << standby.out();
}

TEST(StopSignals, AStandbyUnderGnuTimeoutEndsWithItsReport) {
  ChildProcess timed(concat({"-s", "TERM", "1", binary_under_test()}, retrying_standby_args()),
                     "/usr/bin/timeout");
  ASSERT_EQ(timed.wait(20s), 124) << timed.err();  // timeout's status when its deadline passed
  EXPECT_EQ(timed.err().find("second interrupt"), std::string::npos) << timed.err();
  EXPECT_NE(timed.out().find("Stopped before the primary connected."), std::string::npos)
      << timed.out();
}

TEST(Sweep, DrawsAPlotOverASocketBufferSweep) {
  const fs::path dir = scratch_dir("sweep");
  ChildProcess sweep({"sockbuf", "65536:131072", "--modes", "ASYNC,SYNC", "--seconds", "0.5",
                      "--lport", std::to_string(private_port(PortBlock::Sweep)), "--out",
                      dir.string(), "--simhadr", binary_under_test()},
                     std::string(SIMHADR_SOURCE_DIR) + "/tools/sweep");
  ASSERT_EQ(sweep.wait(120s), 0) << sweep.out() << sweep.err();
  EXPECT_EQ(csv_lines(dir / "points.csv").size(), 5u);
  std::ifstream png(dir / "points.png", std::ios::binary);
  char magic[4] = {};
  png.read(magic, 4);
  EXPECT_EQ(std::string(magic + 1, 3), "PNG");
}

TEST(Sweep, SweepsAnAuxiliarysLinkInTheModelAndPlotsItsLag) {
  const fs::path dir = scratch_dir("sweep-model");
  ChildProcess sweep({"netRate", "5,50", "--model", "--template", "1000,{}", "--modes", "ASYNC",
                      "--seconds", "4", "--out", dir.string(), "--simhadr", binary_under_test(),
                      "--", "-rhost", "pr,dr", "-target", "20"},
                     std::string(SIMHADR_SOURCE_DIR) + "/tools/sweep");
  ASSERT_EQ(sweep.wait(120s), 0) << sweep.out() << sweep.err();
  const std::vector<std::string> lines = csv_lines(dir / "points.csv");
  ASSERT_EQ(lines.size(), 3u);
  const auto fields = [](const std::string& line) {
    std::vector<std::string> cells;
    std::istringstream in(line);
    for (std::string cell; std::getline(in, cell, ',');) cells.push_back(cell);
    return cells;
  };
  const std::vector<std::string> header = fields(lines[0]);
  const auto lag_column = std::ranges::find(header, "standby2_worst_lag_bytes") - header.begin();
  ASSERT_LT(static_cast<std::size_t>(lag_column), header.size()) << lines[0];
  // A 5 MB/s link falls behind 20 MB/s of log by about 15 MB a second; a 50 MB/s one keeps up.
  EXPECT_GT(std::stod(fields(lines[1]).at(lag_column)), 40e6) << lines[1];
  EXPECT_LT(std::stod(fields(lines[2]).at(lag_column)), 1e6) << lines[2];
  for (const char* png_name : {"points.png", "lag.png"}) {
    std::ifstream png(dir / png_name, std::ios::binary);
    char magic[4] = {};
    png.read(magic, 4);
    EXPECT_EQ(std::string(magic + 1, 3), "PNG") << png_name;
  }
}

}  // namespace
}  // namespace simhadr::e2e
