// Our Windows build (SIMHADR_WINDOWS=build-windows/simhadr.exe) under Wine:
// its help, a demo that ships, -model runs that print what the Linux build
// prints, and disk tests on a Wine drive (the build tree, seen as Z:). Its
// interop with the Linux build and with the original's Windows build is in
// interop_test.cpp. Counts, bytes and text, never speeds: Wine's timers round
// to milliseconds, and it has no TCP statistics and coarse thread times.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>

#include "child_process.hpp"
#include "report_parser.hpp"
#include "windows_programs.hpp"

namespace simhadr::e2e {
namespace {

using namespace std::chrono_literals;
namespace fs = std::filesystem;

class WindowsBuild : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string exe = windows_program("SIMHADR_WINDOWS");
    if (exe.empty()) {
      GTEST_SKIP() << "SIMHADR_WINDOWS is not set: give it the simhadr.exe of a windows-x86_64 "
                      "build to run it under Wine (DEVELOPERS.md: Windows)";
    }
    ASSERT_TRUE(fs::is_regular_file(exe)) << "SIMHADR_WINDOWS=" << exe << " is not a file";
    program_ = under_wine(exe);
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::path(SIMHADR_SCRATCH_DIR) / (std::string("windows-") + info->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override {
    if (!dir_.empty()) fs::remove_all(dir_);
  }

  // Runs the .exe to its end; its status and output.
  std::pair<int, std::string> run(const std::vector<std::string>& args) {
    ChildProcess exe(args, program_);
    const auto status = exe.wait(120s);
    EXPECT_TRUE(status) << "the .exe did not end within 120 s: " << exe.err();
    return {status.value_or(-1), exe.out() + exe.err()};
  }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  std::string program_;
  fs::path dir_;
};

TEST_F(WindowsBuild, HelpAndVersion) {
  const auto [help_status, help] = run({"-h"});
  EXPECT_EQ(help_status, 0);
  EXPECT_NE(help.find("-role primary|standby"), std::string::npos) << help;
  const auto [version_status, version] = run({"-version"});
  EXPECT_EQ(version_status, 0);
  EXPECT_TRUE(version.starts_with("simhadr ")) << version;
}

TEST_F(WindowsBuild, ADemoShipsEveryFlushBothSidesSaw) {
  const auto [status, out] = run({"-demo", "-t", "1", "-syncMode", "SYNC"});
  ASSERT_EQ(status, 0) << out;
  // The primary's section, then the standby's: the same log on both sides.
  const auto standby_at = out.find("======== standby ========");
  ASSERT_NE(standby_at, std::string::npos) << out;
  const auto primary = parse_report(out.substr(0, standby_at));
  const auto standby = parse_report(out.substr(standby_at));
  ASSERT_TRUE(primary && standby) << out;
  EXPECT_EQ(primary->mode, "SYNC");
  EXPECT_GT(primary->flushes, 0u);
  EXPECT_EQ(primary->flushes, standby->flushes);
  EXPECT_EQ(primary->log_bytes, standby->log_bytes);
  EXPECT_EQ(primary->sent_bytes, standby->recv_bytes);
  // What Windows does not keep is said to be unknown, not printed as zero.
  EXPECT_NE(out.find("time waiting for a CPU not known (Windows keeps no such figure)"),
            std::string::npos);
}

// Virtual time is arithmetic: the same text as the Linux build, byte for byte.
TEST_F(WindowsBuild, ModelRunsPrintWhatTheLinuxBuildPrints) {
  const std::vector<std::vector<std::string>> runs = {
      {"-model", "-syncMode", "SYNC", "-n", "200", "-disk", "200", "0.0005"},
      {"-model", "-syncMode", "ASYNC", "-t", "2", "-netRate", "12.5", "-netDelay", "0.001",
       "-replay", "50"},
      {"-model", "-syncMode", "NEARSYNC", "-n", "500", "-disk", "300", "0.0002", "-json", "-"}};
  for (const auto& args : runs) {
    const auto [status, windows] = run(args);
    ChildProcess linux_build(args);
    ASSERT_TRUE(linux_build.wait(60s));
    const std::string linux_text = linux_build.out() + linux_build.err();
    EXPECT_EQ(status, 0) << windows;
    // The run's own command line and time stamps are the only lines that differ.
    const std::regex varying(R"((\"(started|time|version)\": \"[^\"]*\")|connTime=\S+)");
    EXPECT_EQ(std::regex_replace(windows, varying, "<varies>"),
              std::regex_replace(linux_text, varying, "<varies>"))
        << args[2];
  }
}

TEST_F(WindowsBuild, WritesAndReadsAFileOnAWineDrive) {
  const std::string file = path("log");
  const auto [write_status, written] =
      run({"-write", file, "-flushSize", "2", "-n", "50", "-cache"});
  ASSERT_EQ(write_status, 0) << written;
  EXPECT_NE(written.find("Total 50 writes in "), std::string::npos) << written;
  EXPECT_EQ(fs::file_size(file), 50u * 2 * 4096);
  const auto [direct_status, direct] = run({"-write", file, "-flushSize", "4", "-n", "20"});
  ASSERT_EQ(direct_status, 0) << direct;
  EXPECT_NE(direct.find("Total 20 writes in "), std::string::npos) << direct;
  EXPECT_EQ(fs::file_size(file), 20u * 4 * 4096);
  const auto [read_status, read] = run({"-read", file, "-flushSize", "4"});
  ASSERT_EQ(read_status, 0) << read;
  EXPECT_NE(read.find("Total 20 reads in "), std::string::npos) << read;
}

TEST_F(WindowsBuild, ANonexistentFolderIsRefusedInOneLine) {
  const auto [status, out] = run({"-write", path("missing/log"), "-n", "1"});
  EXPECT_EQ(status, 1);
  EXPECT_NE(out.find("simhadr: error: cannot open " + path("missing/log") + " for writing: "),
            std::string::npos)
      << out;
}

}  // namespace
}  // namespace simhadr::e2e
