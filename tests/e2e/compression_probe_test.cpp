// The payload probe's ratios against the compressors' own tools on the same
// bytes (zstd -b1 and lz4 -b1, timing one round each, and Python's zlib at
// level 6), on real files from Debian's packages: a shared library and a C++
// header. Each must be within 3% of the tool's.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>

#include "child_process.hpp"
#include "pair_run.hpp"

namespace simhadr::e2e {
namespace {

// What the tool printed last as "(2.027)" or "(x2.720)": its ratio.
std::optional<double> last_ratio(const std::string& text) {
  static const std::regex ratio(R"(\(x?([0-9]+\.[0-9]+)\))");
  std::optional<double> last;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), ratio);
       it != std::sregex_iterator(); ++it) {
    last = std::stod((*it)[1].str());
  }
  return last;
}

std::optional<double> tool_ratio(const std::string& program, std::vector<std::string> args) {
  if (!std::filesystem::exists(program)) return std::nullopt;
  ChildProcess tool(std::move(args), program);
  if (tool.wait(kRunBound) != 0) return std::nullopt;
  return last_ratio(tool.out() + tool.err());
}

// Real data a Debian machine that builds simhadr has: under the probe's 16 MB, so it samples it
// whole.
std::vector<std::string> real_files() {
  std::vector<std::string> found;
  for (const char* candidate :
       {"/usr/lib/x86_64-linux-gnu/libstdc++.so.6", "/usr/include/c++/12/bits/stl_algo.h"}) {
    std::error_code error;
    const auto path = std::filesystem::canonical(candidate, error);
    if (!error && std::filesystem::file_size(path) < (std::size_t{4} << 20)) found.push_back(path);
  }
  return found;
}

TEST(CompressionProbe, RatiosMatchTheCompressorsOwnTools) {
  const std::vector<std::string> files = real_files();
  if (files.empty())
    GTEST_SKIP() << "neither libstdc++.so.6 nor stl_algo.h is where Debian keeps them";
  const auto dir =
      std::filesystem::temp_directory_path() / ("simhadr-e2e-probe-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  int compared = 0;
  for (const std::string& file : files) {
    const std::string json_path = (dir / "run.json").string();
    ChildProcess run({"-write", (dir / "written").string(), "-n", "1", "-cache", "-payload", file,
                      "-json", json_path});
    ASSERT_EQ(run.wait(kRunBound), 0) << run.err();
    std::ifstream in(json_path);
    const auto document = nlohmann::json::parse(in);
    const auto& probe = document["disk_test"]["payload"]["compression"];
    EXPECT_EQ(probe["sample_bytes"], std::filesystem::file_size(file));
    for (const auto& figures : probe["compressors"]) {
      const std::string name = figures["compressor"];
      std::optional<double> theirs;
      if (name == "zstd") theirs = tool_ratio("/usr/bin/zstd", {"-b1", "-i0", file});
      if (name == "lz4") theirs = tool_ratio("/usr/bin/lz4", {"-b1", "-i0", file});
      if (name == "zlib") {
        theirs =
            tool_ratio("/usr/bin/python3", {"-c",
                                            "import sys, zlib; d = open(sys.argv[1], 'rb').read(); "
                                            "print('(%.4f)' % (len(d) / len(zlib.compress(d, 6))))",
                                            file});
      }
      if (!theirs) {
        std::cout << "[ SKIPPED  ] " << name << ": its own tool is not installed\n";
        continue;
      }
      const double ours = figures["ratio"];
      EXPECT_NEAR(ours, *theirs, *theirs * 0.03) << name << " on " << file;
      ++compared;
    }
  }
  std::filesystem::remove_all(dir);
  if (compared == 0) GTEST_SKIP() << "none of zstd, lz4 and python3 is installed";
}

TEST(CompressionProbe, TheReportSaysWhatEachPayloadCompressesTo) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("simhadr-e2e-probe-line-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  for (const std::string kind : {"dots", "incompressible"}) {
    ChildProcess run({"-write", (dir / "written").string(), "-n", "1", "-cache", "-payload", kind});
    ASSERT_EQ(run.wait(kRunBound), 0) << run.err();
    const std::string out = run.out();
    const auto line_at = out.find("\nPayload: " + kind);
    ASSERT_NE(line_at, std::string::npos) << out;
    const std::string line = out.substr(line_at + 1, out.find('\n', line_at + 1) - line_at - 1);
    if (kind == "incompressible") {
      // Random bytes shrink for no compressor (a unit test checks it): not measured.
      EXPECT_EQ(line.find("; compressed"), std::string::npos) << line;
      EXPECT_NE(line.find("and no deduplication in chunks of 4 KB or more shrinks them"),
                std::string::npos)
          << line;
      continue;
    }
    EXPECT_NE(line.find("; compressed (16777216 bytes sampled;"), std::string::npos) << line;
    EXPECT_NE(line.find("shrinks these pages hundreds of times"), std::string::npos) << line;
    if (line.find("zlib not in this build") != std::string::npos) continue;
    EXPECT_NE(line.find(" zlib:6 "), std::string::npos) << line;
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace simhadr::e2e
