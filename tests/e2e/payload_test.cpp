// What the pages carry (-payload), end to end: every kind crosses to our
// standby intact in every mode, the report and the results name it, a disk
// test writes it, and files are refused or end a run with one line.
#include <unistd.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "pair_run.hpp"

namespace simhadr::e2e {
namespace {

using namespace std::chrono_literals;

// A file of log-like bytes: runs of text and numbers, and one page that opens
// as a flush's marker does, which a flush must not carry unchanged.
std::string log_like_file(const std::string& name) {
  const auto path =
      std::filesystem::temp_directory_path() / (name + "-" + std::to_string(::getpid()));
  std::ofstream out(path, std::ios::binary);
  out << std::string("End of flush") << '\0' << std::string(4096 - 13, 'm');
  for (int record = 0; record < 20000; ++record) {
    out << "INSERT ORDER_LINE " << record << " QTY " << record % 17 << " PRICE "
        << record * 7 % 1000 << '\n';
  }
  return path.string();
}

class EveryPayload : public ::testing::TestWithParam<std::tuple<std::string, std::string>> {};

TEST_P(EveryPayload, CrossesIntactAndTheReportNamesIt) {
  const auto& [mode, kind] = GetParam();
  const std::string file = kind == "files" ? log_like_file("simhadr-e2e-payload-" + mode) : "";
  const std::string payload = kind == "files" ? file : kind;
  const PairRun run =
      run_pair({"-n", "200", "-syncmode", mode, "-flushSize", "4", "-payload", payload});
  expect_same_log_on_both_sides(run, 200, 16384);
  const std::string named = kind == "files" ? "Payload: 1 file, " : "Payload: " + kind + ",";
  EXPECT_NE(run.primary_out.find("\n" + named), std::string::npos) << run.primary_out;
  EXPECT_EQ(run.standby_out.find("Payload:"), std::string::npos) << run.standby_out;
  if (!file.empty()) std::filesystem::remove(file);
}

INSTANTIATE_TEST_SUITE_P(
    ModesAndKinds, EveryPayload,
    ::testing::Combine(::testing::Values("SYNC", "NEARSYNC", "ASYNC", "SUPERASYNC"),
                       ::testing::Values("incompressible", "dots", "files")),
    [](const auto& info) { return std::get<0>(info.param) + "_" + std::get<1>(info.param); });

TEST(Payload, TheResultsNameItAndADiskTestWritesIt) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("simhadr-e2e-payload-disk-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string json = (dir / "run.json").string();
  const std::string csv = (dir / "run.csv").string();
  const std::string written = (dir / "written.log").string();
  const std::string file = log_like_file("simhadr-e2e-payload-disk.LOG");
  ChildProcess demo({"-demo", "-n", "20", "-payload", file, "-json", json, "-csv", csv});
  ASSERT_EQ(demo.wait(kRunBound), 0) << demo.err();
  EXPECT_EQ(expect_valid_json(json), 1u);
  std::ifstream json_in(json);
  const std::string document((std::istreambuf_iterator<char>(json_in)), {});
  EXPECT_NE(document.find("\"kind\": \"files\""), std::string::npos);
  EXPECT_NE(document.find(file), std::string::npos);
  std::ifstream csv_in(csv);
  std::string header, primary_row;
  std::getline(csv_in, header);
  std::getline(csv_in, primary_row);
  EXPECT_NE(header.find(",payload,payload_file_bytes"), std::string::npos) << header;
  EXPECT_NE(primary_row.find(",files," + std::to_string(std::filesystem::file_size(file))),
            std::string::npos)
      << primary_row;
  ChildProcess disk({"-write", written, "-n", "8", "-flushSize", "1", "-payload", file, "-cache"});
  ASSERT_EQ(disk.wait(kRunBound), 0) << disk.err();
  EXPECT_NE(disk.out().find("Payload: 1 file, "), std::string::npos) << disk.out();
  // The file's first 8 pages, as they are: a disk test writes no marker.
  std::ifstream source(file, std::ios::binary), copy(written, std::ios::binary);
  std::string expected(8 * 4096, '\0'), got(8 * 4096, '\0');
  source.read(expected.data(), static_cast<std::streamsize>(expected.size()));
  copy.read(got.data(), static_cast<std::streamsize>(got.size()));
  EXPECT_TRUE(expected == got);
  std::filesystem::remove_all(dir);
  std::filesystem::remove(file);
}

}  // namespace
}  // namespace simhadr::e2e
