// The disk tests against real files in a scratch directory of the build tree
// (a real file system, so direct IO works). Counts and files, never speeds.
#include <fcntl.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>

#include "child_process.hpp"
#include "pair_run.hpp"

namespace simhadr::e2e {
namespace {

using namespace std::chrono_literals;
namespace fs = std::filesystem;

class DiskTests : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::path(SIMHADR_SCRATCH_DIR) / info->name();
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  std::vector<std::string> files() const {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir_)) names.push_back(entry.path().filename());
    return names;
  }

  fs::path dir_;
};

int count_lines_matching(const std::string& text, const std::string& pattern) {
  const std::regex re(pattern);
  return static_cast<int>(
      std::distance(std::sregex_iterator(text.begin(), text.end(), re), std::sregex_iterator()));
}

TEST_F(DiskTests, WriteThenReadTheSameFile) {
  ChildProcess write({"-write", path("log"), "-flushSize", "2", "-n", "50"});
  ASSERT_EQ(write.wait(60s), 0) << write.err();
  const std::string out = write.out();
  EXPECT_NE(
      out.find("use file system cache = false\nwrite behind caching = false\n\nWriting to file " +
               path("log")),
      std::string::npos);
  EXPECT_NE(out.find("Total 50 writes in "), std::string::npos);
  EXPECT_TRUE(std::regex_search(out, std::regex(R"(, \d\.\d{6} sec/write, 2 pages/write)")));
  EXPECT_NE(out.find("Total 0.409600 MBytes written in "), std::string::npos);
  EXPECT_NE(out.find("Distribution of write time (unit is microsecond):\nTotal 50 numbers"),
            std::string::npos);
  EXPECT_EQ(
      count_lines_matching(
          out,
          R"(Percentiles of write time \(microsecond\): p50 \d+, p90 \d+, p99 \d+, p99\.9 \d+, max \d+)"),
      1);
  EXPECT_EQ(fs::file_size(path("log")), 50u * 8192);

  ChildProcess read({"-read", path("log"), "-flushSize", "4"});
  ASSERT_EQ(read.wait(60s), 0) << read.err();
  const std::string read_out = read.out();
  EXPECT_NE(read_out.find("Reading from file " + path("log") +
                          "\nPress Ctrl-C to stop.\nEnd of file reached"),
            std::string::npos);
  EXPECT_NE(read_out.find("Total 25 reads in "), std::string::npos);
  EXPECT_NE(read_out.find("Total 0.409600 MBytes read in "), std::string::npos);
}

TEST_F(DiskTests, CacheAndPreallocate) {
  ChildProcess write(
      {"-write", path("log"), "-flushSize", "2", "-n", "20", "-cache", "-preallocate"});
  ASSERT_EQ(write.wait(60s), 0) << write.err();
  EXPECT_NE(write.out().find("use file system cache = true"), std::string::npos);
  EXPECT_NE(write.out().find("Preallocated 67.109 MBytes"), std::string::npos);
  EXPECT_NE(write.out().find("Total 20 writes"), std::string::npos);
  EXPECT_EQ(fs::file_size(path("log")), 64u << 20);  // written into, not appended to
}

TEST_F(DiskTests, ParallelWritersEachOnTheirOwnFile) {
  ChildProcess write({"-testDisk", dir_.string(), "-flushSize", "1", "-n", "10", "-threads", "3"});
  ASSERT_EQ(write.wait(60s), 0) << write.err();
  const std::string out = write.out();
  EXPECT_EQ(count_lines_matching(out, R"(Writer \d \(.*simhadr\.tmp\.\d\): 10 writes, )"), 3);
  EXPECT_NE(out.find("Total 30 writes"), std::string::npos);
  EXPECT_TRUE(files().empty());
}

TEST_F(DiskTests, TestDiskWithoutAFlushSizeFitsTheModelAndCleansUp) {
  ChildProcess fit({"-testDisk", dir_.string(), "-n", "20"});
  ASSERT_EQ(fit.wait(120s), 0) << fit.err();
  const std::string out = fit.out();
  EXPECT_NE(out.find("Fitting the disk model: writes of 1 to 256 pages, 20 writes each."),
            std::string::npos);
  EXPECT_EQ(count_lines_matching(out, R"(\n +\d+ +20 +\d\.\d{6} +[\d.]+ +\d+)"), 9);
  const bool suggested = std::regex_search(
      out, std::regex(R"(\nSuggested option: -disk \d+\.\d{3} \d\.\d{6}( \d+( [\d.]+)?)?\n)"));
  const bool explained = out.find("no disk model fits them") != std::string::npos;
  EXPECT_TRUE(suggested || explained) << out;
  EXPECT_TRUE(files().empty());
}

TEST_F(DiskTests, TheSweepsJsonCarriesTheFitAndPlots) {
  const fs::path doc = scratch_file("disk", "sweep.json");
  const fs::path png = scratch_file("disk", "sweep.png");
  ChildProcess fit({"-testDisk", dir_.string(), "-n", "20", "-json", doc.string()});
  ASSERT_EQ(fit.wait(120s), 0) << fit.err();
  ASSERT_EQ(expect_valid_json(doc.string()), 1u);
  std::ifstream in(doc);
  const nlohmann::json test = nlohmann::json::parse(in)["disk_test"];
  if (test["fit"].is_null()) GTEST_SKIP() << "this disk's times did not rise with the size";
  EXPECT_EQ(test["fit"]["limits"].size(), test["sizes"].size());
  if (std::system("command -v gnuplot >/dev/null 2>&1") != 0) {
    GTEST_SKIP() << "gnuplot is not installed (apt-get install gnuplot-nox)";
  }
  ChildProcess plot(
      {std::string(SIMHADR_SOURCE_DIR) + "/tools/plot-disk", doc.string(), "-o", png.string()},
      "/usr/bin/python3");
  ASSERT_EQ(plot.wait(kRunBound), 0) << plot.err();
  EXPECT_GT(fs::file_size(png), 1000u);
  ChildProcess refused({std::string(SIMHADR_SOURCE_DIR) + "/tools/plot-disk", "/dev/null"},
                       "/usr/bin/python3");
  EXPECT_EQ(refused.wait(kRunBound), 2);
}

TEST_F(DiskTests, TheFileSizeLimitEndsTheTestWithAPartialReportAndNoLeftovers) {
  // 200 blocks of 512 or 1024 bytes (the shell decides) hold one to three 64 KiB writes.
  ChildProcess limited({"-c", "ulimit -f 200; exec " + binary_under_test() + " -testDisk " +
                                  dir_.string() + " -flushSize 16 -t 30"},
                       "/bin/sh");
  ASSERT_EQ(limited.wait(60s), 1) << limited.err();
  const std::string err = limited.err();
  EXPECT_NE(err.find("File too large"), std::string::npos) << err;
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1);
  EXPECT_TRUE(std::regex_search(limited.out(), std::regex(R"(\nTotal [123] writes in )")))
      << limited.out();
  EXPECT_TRUE(files().empty());
}

TEST(DiskTestsOnTmpfs, DirectIoRefusedIsExplainedWithTheCacheHint) {
  struct statfs info {};
  if (::statfs("/dev/shm", &info) != 0 || info.f_type != TMPFS_MAGIC) {
    GTEST_SKIP() << "no tmpfs at /dev/shm";
  }
  const std::string file = "/dev/shm/simhadr-e2e-" + std::to_string(::getpid());
  const int probe = ::open(file.c_str(), O_WRONLY | O_CREAT | O_DIRECT, 0600);
  if (probe >= 0) {
    ::close(probe);
    fs::remove(file);
    GTEST_SKIP() << "this kernel's tmpfs accepts O_DIRECT (Linux 6.6 and later)";
  }
  ChildProcess refused({"-write", file, "-n", "1"});
  EXPECT_EQ(refused.wait(30s), 1);
  EXPECT_NE(refused.err().find("does not support direct IO"), std::string::npos) << refused.err();
  EXPECT_NE(refused.err().find("-cache"), std::string::npos);
  ChildProcess cached({"-write", file, "-n", "3", "-cache"});
  EXPECT_EQ(cached.wait(30s), 0) << cached.err();
  EXPECT_NE(cached.out().find("Total 3 writes"), std::string::npos);
  fs::remove(file);
}

TEST_F(DiskTests, MissingThingsAreOneLineErrors) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"-testDisk", path("absent"), "-flushSize", "1", "-n", "1"}, "No such file or directory"},
      {{"-write", dir_.string(), "-n", "1"}, "Is a directory"},
      {{"-read", path("absent")}, "No such file or directory"},
  };
  for (const auto& [args, reason] : cases) {
    ChildProcess run(args);
    EXPECT_EQ(run.wait(30s), 1);
    const std::string err = run.err();
    EXPECT_NE(err.find(reason), std::string::npos) << err;
    EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  }
}

}  // namespace
}  // namespace simhadr::e2e
