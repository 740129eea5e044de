// Planning from db2logscan output. -calculate against IBM's HADR calculator:
// the figures published with it (docs/db2logscan.html in IBM/db2-hadr-wiki,
// written here by hand from the page), the script itself where
// SIMHADR_CALCULATOR names it, bad input, and the simulated pair of -model.
// -workload: the replay's intervals, in virtual time and on a real pair.
// Model arithmetic, bytes, order and verdicts only; no speeds of this machine.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "pair_run.hpp"

namespace simhadr::e2e {
namespace {

using namespace std::chrono_literals;
using nlohmann::json;
namespace fs = std::filesystem;

// The page's sample workload: its db2logscan rate lines and distribution heading.
constexpr std::string_view kPublishedWorkload = R"(Logging rate:
2013-02-08 23:56:27  0.113 MB/s, 60 sec,   4.3 pg/f, 0.150000 sec/f,   1.0 pg/tr, 0.034558 sec/tr, 0.032931 sec/cmt, nOpenTrans   0.7
2013-02-08 23:57:27  0.097 MB/s, 60 sec,   4.9 pg/f, 0.197368 sec/f,   1.1 pg/tr, 0.045356 sec/tr, 0.043197 sec/cmt, nOpenTrans   0.7
2013-02-08 23:58:27  0.792 MB/s, 60 sec,  17.7 pg/f, 0.087083 sec/f,   6.6 pg/tr, 0.038671 sec/tr, 0.032680 sec/cmt, nOpenTrans   0.9
2013-02-08 23:59:27  0.415 MB/s, 60 sec,  11.2 pg/f, 0.105448 sec/f,   3.2 pg/tr, 0.035371 sec/tr, 0.030318 sec/cmt, nOpenTrans   0.7
2013-02-09 01:22:30  2.596 MB/s, 60 sec,   5.8 pg/f, 0.008786 sec/f,  29.4 pg/tr, 0.100666 sec/tr, 0.044412 sec/cmt, nOpenTrans  38.3
2013-02-09 01:23:30  1.709 MB/s, 60 sec,  10.0 pg/f, 0.022945 sec/f,  14.8 pg/tr, 2.731225 sec/tr, 0.033879 sec/cmt, nOpenTrans  28.6
2013-02-09 01:24:30  0.684 MB/s, 60 sec,   5.7 pg/f, 0.032662 sec/f,  11.9 pg/tr, 0.656532 sec/tr, 0.067568 sec/cmt, nOpenTrans   5.1
2013-02-09 01:25:30  0.499 MB/s, 60 sec,   6.4 pg/f, 0.050125 sec/f,   8.6 pg/tr, 0.150000 sec/tr, 0.068182 sec/cmt, nOpenTrans   2.3
2013-02-09 01:25:38  1.469 MB/s,  8 sec,   8.3 pg/f, 0.022161 sec/f,  15.2 pg/tr, 0.061453 sec/tr, 0.044693 sec/cmt, nOpenTrans   2.9
2013-02-26 15:32:09  7.307 MB/s, 60 sec,  17.6 pg/f, 0.009435 sec/f,  15.9 pg/tr, 0.186589 sec/tr, 0.008580 sec/cmt, nOpenTrans  22.7
2013-02-26 15:33:09  5.703 MB/s, 60 sec,   7.7 pg/f, 0.005297 sec/f,  12.3 pg/tr, 0.179527 sec/tr, 0.008495 sec/cmt, nOpenTrans  23.0
2013-02-26 15:34:09  6.787 MB/s, 60 sec,   7.6 pg/f, 0.004354 sec/f,  12.8 pg/tr, 0.177737 sec/tr, 0.007421 sec/cmt, nOpenTrans  24.4
2013-02-26 15:35:09  3.943 MB/s, 60 sec,   5.8 pg/f, 0.005725 sec/f,   9.3 pg/tr, 0.254635 sec/tr, 0.009193 sec/cmt, nOpenTrans  25.0
2013-02-26 15:36:09  1.363 MB/s, 60 sec,   3.5 pg/f, 0.010018 sec/f,   4.3 pg/tr, 0.102471 sec/tr, 0.012782 sec/cmt, nOpenTrans  32.4
2013-02-26 15:37:09  1.988 MB/s, 60 sec,   4.8 pg/f, 0.009497 sec/f,   6.2 pg/tr, 0.104266 sec/tr, 0.012487 sec/cmt, nOpenTrans  40.6
2013-02-26 15:38:09  2.399 MB/s, 60 sec,   5.2 pg/f, 0.008453 sec/f,   8.8 pg/tr, 0.081205 sec/tr, 0.014458 sec/cmt, nOpenTrans  44.9
2013-02-26 15:39:05  3.280 MB/s, 56 sec,   6.7 pg/f, 0.007984 sec/f,  15.1 pg/tr, 0.102178 sec/tr, 0.017937 sec/cmt, nOpenTrans  45.0
Distribution of log write rate (unit is MB/s):
Total 8 numbers, Sum 32.764, Min 1.362, Max 7.306, Avg 4.096
Exactly      1.362           1 numbers  12%
)";

// -network 10 .1 -disk 200 .001: every annotated line the page shows, in order.
constexpr std::string_view kWANLines = R"(actual           1.469 MB/s@   8 pg/f 0.022161 s/f
SYNC       ???   1.424 MB/s@  44 pg/f 0.120941 s/f, min   0.307 MB/s@   8 pg/f 0.105566 s/f, max   1.424 MB/s@  44 pg/f 0.120941 s/f
NEARSYNC   ???   1.469 MB/s@  44 pg/f 0.117219 s/f, min   0.314 MB/s@   8 pg/f 0.103242 s/f, max   1.469 MB/s@  44 pg/f 0.117219 s/f
ASYNC           10.000 MB/s@   8 pg/f 0.003242 s/f, min  10.000 MB/s@   8 pg/f 0.003242 s/f, max  10.000 MB/s@  44 pg/f 0.017219 s/f
actual           7.307 MB/s@  17 pg/f 0.009435 s/f
SYNC       ???   5.484 MB/s@ 360 pg/f 0.257087 s/f, min   0.627 MB/s@  17 pg/f 0.109563 s/f, max   5.484 MB/s@ 360 pg/f 0.257087 s/f
NEARSYNC   ???   5.850 MB/s@ 360 pg/f 0.240988 s/f, min   0.643 MB/s@  17 pg/f 0.106875 s/f, max   5.850 MB/s@ 360 pg/f 0.240988 s/f
ASYNC           10.000 MB/s@  17 pg/f 0.006875 s/f, min  10.000 MB/s@  17 pg/f 0.006875 s/f, max  10.000 MB/s@ 360 pg/f 0.140988 s/f
actual           1.363 MB/s@   3 pg/f 0.010018 s/f
SYNC       ??    1.373 MB/s@  42 pg/f 0.120146 s/f, min   0.132 MB/s@   3 pg/f 0.103504 s/f, max   3.362 MB/s@ 139 pg/f 0.161864 s/f
NEARSYNC   ??    1.370 MB/s@  40 pg/f 0.115874 s/f, min   0.135 MB/s@   3 pg/f 0.101367 s/f, max   3.524 MB/s@ 139 pg/f 0.154422 s/f
ASYNC           10.000 MB/s@   3 pg/f 0.001367 s/f, min  10.000 MB/s@   3 pg/f 0.001367 s/f, max  10.000 MB/s@ 139 pg/f 0.054422 s/f
actual           3.280 MB/s@   6 pg/f 0.007984 s/f
SYNC       ??    3.283 MB/s@ 134 pg/f 0.159649 s/f, min   0.250 MB/s@   6 pg/f 0.104879 s/f, max   6.737 MB/s@ 679 pg/f 0.393973 s/f
NEARSYNC   ??    3.280 MB/s@ 124 pg/f 0.148815 s/f, min   0.255 MB/s@   6 pg/f 0.102617 s/f, max   7.263 MB/s@ 679 pg/f 0.365430 s/f
ASYNC           10.000 MB/s@   6 pg/f 0.002617 s/f, min  10.000 MB/s@   6 pg/f 0.002617 s/f, max  10.000 MB/s@ 679 pg/f 0.265430 s/f
Average rate         4.096 MB/s
REMOTE CATCHUP      10.000 MB/s@  16 pg/f 0.006250 s/f
SYNC       Max flush size: predicted 360 pages, workload max 1126 pages
NEARSYNC   Max flush size: predicted 360 pages, workload max 1126 pages
ASYNC      Max flush size: predicted  17 pages, workload max 1126 pages)";

// -network 20 .005 -disk 200 .001: every annotated line the page shows, in order.
constexpr std::string_view kMANLines = R"(actual           1.469 MB/s@   8 pg/f 0.022161 s/f
SYNC             3.624 MB/s@   8 pg/f 0.008945 s/f, min   3.624 MB/s@   8 pg/f 0.008945 s/f, max   9.935 MB/s@  44 pg/f 0.017331 s/f
NEARSYNC         4.897 MB/s@   8 pg/f 0.006621 s/f, min   4.897 MB/s@   8 pg/f 0.006621 s/f, max  12.652 MB/s@  44 pg/f 0.013609 s/f
ASYNC           20.000 MB/s@   8 pg/f 0.001621 s/f, min  20.000 MB/s@   8 pg/f 0.001621 s/f, max  20.000 MB/s@  44 pg/f 0.008609 s/f
actual           7.307 MB/s@  17 pg/f 0.009435 s/f
SYNC       ??    7.363 MB/s@  23 pg/f 0.012539 s/f, min   6.180 MB/s@  17 pg/f 0.011125 s/f, max  15.393 MB/s@ 360 pg/f 0.091593 s/f
NEARSYNC         8.148 MB/s@  17 pg/f 0.008438 s/f, min   8.148 MB/s@  17 pg/f 0.008438 s/f, max  18.675 MB/s@ 360 pg/f 0.075494 s/f
ASYNC           20.000 MB/s@  17 pg/f 0.003438 s/f, min  20.000 MB/s@  17 pg/f 0.003438 s/f, max  20.000 MB/s@ 360 pg/f 0.070494 s/f
actual           1.363 MB/s@   3 pg/f 0.010018 s/f
SYNC             1.748 MB/s@   3 pg/f 0.007820 s/f, min   1.748 MB/s@   3 pg/f 0.007820 s/f, max  13.724 MB/s@ 139 pg/f 0.039653 s/f
NEARSYNC         2.405 MB/s@   3 pg/f 0.005684 s/f, min   2.405 MB/s@   3 pg/f 0.005684 s/f, max  16.895 MB/s@ 139 pg/f 0.032211 s/f
ASYNC           12.797 MB/s@   3 pg/f 0.001068 s/f, min  12.797 MB/s@   3 pg/f 0.001068 s/f, max  20.000 MB/s@ 139 pg/f 0.027211 s/f
actual           3.280 MB/s@   6 pg/f 0.007984 s/f
SYNC       ?     3.294 MB/s@   7 pg/f 0.008724 s/f, min   3.054 MB/s@   6 pg/f 0.008570 s/f, max  15.965 MB/s@ 679 pg/f 0.166258 s/f
NEARSYNC         4.149 MB/s@   6 pg/f 0.006309 s/f, min   4.149 MB/s@   6 pg/f 0.006309 s/f, max  19.274 MB/s@ 679 pg/f 0.137715 s/f
ASYNC           20.000 MB/s@   6 pg/f 0.001309 s/f, min  20.000 MB/s@   6 pg/f 0.001309 s/f, max  20.000 MB/s@ 679 pg/f 0.132715 s/f
SYNC       Max flush size: predicted  23 pages, workload max 1126 pages
NEARSYNC   Max flush size: predicted  17 pages, workload max 1126 pages
ASYNC      Max flush size: predicted  17 pages, workload max 1126 pages)";

// -network 120 .0001 -disk 200 .001: every annotated line the page shows, in order.
constexpr std::string_view kLANLines = R"(actual           1.469 MB/s@   8 pg/f 0.022161 s/f
SYNC            12.033 MB/s@   8 pg/f 0.002694 s/f, min  12.033 MB/s@   8 pg/f 0.002694 s/f, max  32.755 MB/s@  44 pg/f 0.005257 s/f
NEARSYNC        27.899 MB/s@   8 pg/f 0.001162 s/f, min  27.899 MB/s@   8 pg/f 0.001162 s/f, max  92.527 MB/s@  44 pg/f 0.001861 s/f
ASYNC           27.899 MB/s@   8 pg/f 0.001162 s/f, min  27.899 MB/s@   8 pg/f 0.001162 s/f, max  92.527 MB/s@  44 pg/f 0.001861 s/f
actual           7.307 MB/s@  17 pg/f 0.009435 s/f
SYNC            20.459 MB/s@  17 pg/f 0.003360 s/f, min  20.459 MB/s@  17 pg/f 0.003360 s/f, max  50.447 MB/s@ 360 pg/f 0.027948 s/f
NEARSYNC        51.163 MB/s@  17 pg/f 0.001344 s/f, min  51.163 MB/s@  17 pg/f 0.001344 s/f, max 118.987 MB/s@ 360 pg/f 0.011849 s/f
ASYNC           51.163 MB/s@  17 pg/f 0.001344 s/f, min  51.163 MB/s@  17 pg/f 0.001344 s/f, max 120.000 MB/s@ 360 pg/f 0.011749 s/f
actual           1.363 MB/s@   3 pg/f 0.010018 s/f
SYNC             5.816 MB/s@   3 pg/f 0.002351 s/f, min   5.816 MB/s@   3 pg/f 0.002351 s/f, max  45.061 MB/s@ 139 pg/f 0.012077 s/f
NEARSYNC        12.797 MB/s@   3 pg/f 0.001068 s/f, min  12.797 MB/s@   3 pg/f 0.001068 s/f, max 117.411 MB/s@ 139 pg/f 0.004635 s/f
ASYNC           12.797 MB/s@   3 pg/f 0.001068 s/f, min  12.797 MB/s@   3 pg/f 0.001068 s/f, max 120.000 MB/s@ 139 pg/f 0.004535 s/f
actual           3.280 MB/s@   6 pg/f 0.007984 s/f
SYNC            10.145 MB/s@   6 pg/f 0.002580 s/f, min  10.145 MB/s@   6 pg/f 0.002580 s/f, max  52.289 MB/s@ 679 pg/f 0.050762 s/f
NEARSYNC        23.143 MB/s@   6 pg/f 0.001131 s/f, min  23.143 MB/s@   6 pg/f 0.001131 s/f, max 119.460 MB/s@ 679 pg/f 0.022219 s/f
ASYNC           23.143 MB/s@   6 pg/f 0.001131 s/f, min  23.143 MB/s@   6 pg/f 0.001131 s/f, max 120.000 MB/s@ 679 pg/f 0.022119 s/f
SYNC       Max flush size: predicted  17 pages, workload max 1126 pages
NEARSYNC   Max flush size: predicted  17 pages, workload max 1126 pages
ASYNC      Max flush size: predicted  17 pages, workload max 1126 pages)";

std::vector<std::string> lines_of(std::string_view text) {
  std::vector<std::string> lines;
  std::istringstream in{std::string(text)};
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

fs::path write_file(const std::string& name, std::string_view text) {
  const fs::path path = scratch_file("calculate", name);
  std::ofstream(path) << text;
  return path;
}

struct Calculated {
  int status = -1;
  std::string out;
  std::string err;
};

Calculated calculate(const std::vector<std::string>& args) {
  ChildProcess run(concat({"-calculate"}, args));
  const std::optional<int> status = run.wait(kRunBound);
  return {status.value_or(-1), run.out(), run.err()};
}

// Each expected line appears in `out`, whole, in the same order.
void expect_lines_in_order(const std::string& out, std::string_view expected) {
  const std::vector<std::string> have = lines_of(out);
  auto at = have.begin();
  for (const std::string& line : lines_of(expected)) {
    const auto found = std::find(at, have.end(), line);
    ASSERT_NE(found, have.end()) << "missing, or out of order: " << line << "\n" << out;
    at = found + 1;
  }
}

TEST(Calculate, PrintsThePublishedWanManAndLanFiguresLineForLine) {
  const fs::path input = write_file("published.txt", kPublishedWorkload);
  const std::array examples{std::pair{std::vector<std::string>{"10", ".1"}, kWANLines},
                            std::pair{std::vector<std::string>{"20", ".005"}, kMANLines},
                            std::pair{std::vector<std::string>{"120", ".0001"}, kLANLines}};
  for (const auto& [network, expected] : examples) {
    const Calculated run =
        calculate(concat({input.string(), "-network"}, concat(network, {"-disk", "200", ".001"})));
    ASSERT_EQ(run.status, 0) << run.err;
    expect_lines_in_order(run.out, expected);
    // The input comes back unchanged around the annotations.
    expect_lines_in_order(run.out, kPublishedWorkload);
  }
}

TEST(Calculate, MarksRemoteCatchUpAgainstTheAverageRateAsPublished) {
  const fs::path input = write_file("published.txt", kPublishedWorkload);
  const std::array examples{
      std::pair{"10", "REMOTE CATCHUP      10.000 MB/s@  16 pg/f 0.006250 s/f"},
      std::pair{"7", "REMOTE CATCHUP ?     7.000 MB/s@  16 pg/f 0.008929 s/f"},
      std::pair{"5", "REMOTE CATCHUP ??    5.000 MB/s@  16 pg/f 0.012500 s/f"},
      std::pair{"3", "REMOTE CATCHUP ???   3.000 MB/s@  16 pg/f 0.020833 s/f"}};
  for (const auto& [rate, line] : examples) {
    const Calculated run =
        calculate({input.string(), "-network", rate, ".1", "-disk", "200", ".001"});
    ASSERT_EQ(run.status, 0) << run.err;
    expect_lines_in_order(run.out, fmt::format("Average rate         4.096 MB/s\n{}\n", line));
  }
}

TEST(Calculate, ReadsStandardInputAndOneFileAfterAnother) {
  const std::vector<std::string> lines = lines_of(kPublishedWorkload);
  std::string first;
  std::string second;
  for (std::size_t i = 0; i < lines.size(); ++i) (i < 9 ? first : second) += lines[i] + '\n';
  const fs::path a = write_file("first.txt", first);
  const fs::path b = write_file("second.txt", second);
  const Calculated split =
      calculate({a.string(), b.string(), "-network", "10", ".1", "-disk", "200", ".001"});
  ASSERT_EQ(split.status, 0) << split.err;
  expect_lines_in_order(split.out, kWANLines);
  ChildProcess piped(
      {"-c", fmt::format("{} -calculate - -network 10 .1 -disk 200 .001 < {}", binary_under_test(),
                         write_file("all.txt", kPublishedWorkload).string())},
      "/bin/sh");
  ASSERT_EQ(piped.wait(kRunBound), 0) << piped.err();
  expect_lines_in_order(piped.out(), kWANLines);
  EXPECT_NE(piped.out().find("Reading from stdin."), std::string::npos);
}

std::size_t count_of(const std::string& text, std::string_view part) {
  std::size_t count = 0;
  for (std::size_t at = 0; (at = text.find(part, at)) != std::string::npos; at += part.size()) {
    ++count;
  }
  return count;
}

// As IBM's calculator does, a damaged line costs that line only: the
// intervals before and after it are annotated, and a Note says what was skipped.
TEST(Calculate, KeepsEveryIntervalItCanReadAndNotesEachDamagedLine) {
  const std::string good =
      "2013-02-26 15:32:09  7.307 MB/s, 60 sec,  17.6 pg/f, 0.009435 sec/f,  15.9 pg/tr, "
      "0.186589 sec/tr, 0.008580 sec/cmt, nOpenTrans  22.7\n";
  const std::string later =
      "2013-02-26 15:34:09  3.100 MB/s, 60 sec,  12.0 pg/f, 0.009435 sec/f,  15.9 pg/tr, "
      "0.186589 sec/tr, 0.008580 sec/cmt, nOpenTrans  20.0\n";
  const std::array cases{
      std::pair{"2013-02-26 15:32:09  7.307 MB/s, 60 sec,  17.6 pg/f, 0.009435 sec/f,  15.9 pg/tr, "
                "0.186589 sec/tr, 0.008580 sec/cmt\n",
                "line 2: the rate line has no nOpenTrans figure"},
      std::pair{
          "2013-02-26 15:33:09  -7.307 MB/s, 60 sec,  17.6 pg/f, 0.009435 sec/f,  15.9 pg/tr, "
          "0.186589 sec/tr, 0.008580 sec/cmt, nOpenTrans  22.7\n",
          "line 2: MB/s -7.307 is negative"},
      std::pair{"2013-02-26 15:33:09  7.307 MB/s, 60 sec,  x pg/f, 0.009435 sec/f,  15.9 pg/tr, "
                "0.186589 sec/tr, 0.008580 sec/cmt, nOpenTrans  22.7\n",
                "line 2: 'x' is not a number (pg/f)"},
      std::pair{"Distribution of log write rate (unit is MB/s):\nTotal 8 numbers, Avg\n",
                "line 3: the line after"},
  };
  for (const auto& [bad, message] : cases) {
    const fs::path input = write_file("bad.txt", good + bad + later);
    const Calculated run =
        calculate({input.string(), "-network", "10", ".1", "-disk", "200", ".001"});
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.err, "");
    EXPECT_NE(run.out.find("Note: " + input.string() + " " + message), std::string::npos)
        << run.out;
    EXPECT_NE(run.out.find(std::string(bad)), std::string::npos) << "the line is echoed";
    EXPECT_EQ(count_of(run.out, "\nactual "), 2u) << "both good intervals annotated: " << run.out;
  }
  const fs::path empty = write_file("empty.txt", "no rates here\n");
  const Calculated none =
      calculate({empty.string(), "-network", "10", ".1", "-disk", "200", ".001"});
  EXPECT_EQ(none.status, 2);
  EXPECT_NE(none.err.find("no db2logscan rate lines"), std::string::npos) << none.err;
  const Calculated missing =
      calculate({"/nonexistent/scan.txt", "-network", "10", ".1", "-disk", "200", ".001"});
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.err.find("-calculate '/nonexistent/scan.txt': cannot read it"),
            std::string::npos);
  const Calculated no_network = calculate({empty.string(), "-disk", "200", ".001"});
  EXPECT_EQ(no_network.status, 2);
  EXPECT_NE(no_network.err.find("-calculate needs -network"), std::string::npos);
}

// db2logscan output as a web page prints it (tests/diagnose/published): rate
// lines padded with non-breaking spaces, an author's "..." among them, and a
// summary whose average line was replaced by a pointer to another section.
TEST(Calculate, ReadsDb2logscanAsAPagePrintsIt) {
  const std::string input =
      std::string(SIMHADR_SOURCE_DIR) +
      "/tests/diagnose/published/retyped-db2logscan-nbsp-elided-summary.logscan";
  const Calculated run = calculate({input, "-network", "10", ".1", "-disk", "200", ".001"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(count_of(run.out, "\nactual "), 7u) << "every rate line annotated: " << run.out;
  EXPECT_EQ(count_of(run.out, "\nNote: "), 1u) << run.out;
  EXPECT_NE(run.out.find("Note: " + input +
                         " line 21: the line after \"Distribution of log write rate\" should end "
                         "in the average rate, not 'below>': skipped"),
            std::string::npos)
      << run.out;
}

// A db2logscan rate line with figures drawn at random, printed as db2logscan prints them.
std::string random_rate_line(std::mt19937_64& random, int minute) {
  std::uniform_real_distribution<double> unit(0, 1);
  const double rate = 0.001 + 60 * unit(random) * unit(random);
  const double flush_pages = 1 + 100 * unit(random) * unit(random);
  return fmt::format(
      "2024-03-05 10:{:02d}:00 {:6.3f} MB/s, {:2d} sec, {:5.1f} pg/f, {:.6f} sec/f, {:5.1f} pg/tr, "
      "{:.6f} sec/tr, {:.6f} sec/cmt, nOpenTrans {:5.1f}\n",
      minute, rate, 60, flush_pages, 0.0001 + 0.05 * unit(random), 0.1 + 200 * unit(random),
      2 * unit(random), 0.05 * unit(random), 0.1 + 80 * unit(random));
}

TEST(Calculate, AnnotatesEveryLineAsTheCalculatorScriptDoes) {
  const char* script = std::getenv("SIMHADR_CALCULATOR");
  if (script == nullptr || !fs::exists(script)) {
    GTEST_SKIP() << "SIMHADR_CALCULATOR does not name IBM's hadrCalculator.pl; see DEVELOPERS.md";
  }
  std::mt19937_64 random(15);
  std::uniform_real_distribution<double> unit(0, 1);
  std::size_t compared = 0;
  for (int setting = 0; setting < 20; ++setting) {
    std::string input;
    for (int line = 0; line < 10; ++line) input += random_rate_line(random, line);
    // With the average after the distribution heading, with a heading alone
    // (the calculator then prints no catch-up line), or with neither.
    if (setting % 3 == 0) {
      input += fmt::format(
          "Distribution of log write rate (unit is MB/s):\nTotal 10 numbers, Avg {:.3f}\n",
          30 * unit(random));
    } else if (setting % 3 == 1) {
      input += "Distribution of log write rate (unit is MB/s):\n";
    }
    const fs::path file = write_file(fmt::format("random{}.txt", setting), input);
    const std::vector<std::string> link{
        "-network",
        fmt::format("{:.3f}", 0.5 + 200 * unit(random) * unit(random)),
        fmt::format("{:.6f}", 0.2 * unit(random) * unit(random)),
        "-disk",
        fmt::format("{:.3f}", 5 + 500 * unit(random)),
        fmt::format("{:.6f}", 0.005 * unit(random)),
        "-syncMode",
        "SYNC,NEARSYNC,ASYNC,SUPERASYNC"};
    const Calculated ours = calculate(concat({file.string()}, link));
    ASSERT_EQ(ours.status, 0) << ours.err;
    ChildProcess theirs(concat(concat({script}, link), {file.string()}), "/usr/bin/perl");
    ASSERT_EQ(theirs.wait(kRunBound), 0) << theirs.err();
    // The two header lines name the program; everything after them is the same.
    const auto body = [](const std::string& out) { return out.substr(out.find("\n\n")); };
    EXPECT_EQ(body(ours.out), body(theirs.out()))
        << "setting " << setting << ": " << fmt::format("{}", fmt::join(link, " "));
    compared += 10;
  }
  EXPECT_EQ(compared, 200u);
}

json calculation_of(const fs::path& doc) {
  EXPECT_EQ(expect_valid_json(doc.string()), 1u);
  std::ifstream in(doc);
  const json parsed = json::parse(in);
  EXPECT_EQ(parsed["kind"], "calculate");
  return parsed["calculation"];
}

TEST(CalculateModel, OnTheLanTheSimulatedPairAgreesWithTheClosedForm) {
  const fs::path input = write_file("published.txt", kPublishedWorkload);
  const fs::path doc = scratch_file("calculate", "lan.json");
  const Calculated run =
      calculate({input.string(), "-network", "120", ".0001", "-disk", "200", ".001", "-model",
                 "-logBufSize", "2048", "-json", doc.string()});
  ASSERT_EQ(run.status, 0) << run.err;
  const json calculation = calculation_of(doc);
  ASSERT_EQ(calculation["intervals"].size(), 17u);
  for (const json& interval : calculation["intervals"]) {
    for (const auto& [mode, figures] : interval["modes"].items()) {
      const double closed = figures["closed_form"]["expected"]["mib_per_sec"];
      const double simulated = figures["simulated"]["expected"]["mib_per_sec"];
      EXPECT_NEAR(simulated, closed, closed * 0.03) << interval["timestamp"] << " " << mode;
      EXPECT_EQ(figures["simulated"]["shortfall"]["cause"], "none");
    }
  }
  EXPECT_EQ(std::count(run.out.begin(), run.out.end(), '\n') > 0, true);
  EXPECT_EQ(run.out.find("why:"), std::string::npos) << run.out;
}

TEST(Calculate, TheDocumentsConfigHoldsTheDiskInMBytesAndTheLinkInTheCalculatorsMiB) {
  const fs::path input = write_file("published.txt", kPublishedWorkload);
  const fs::path doc = scratch_file("calculate", "units.json");
  const Calculated run = calculate(
      {input.string(), "-network", "120", ".0001", "-disk", "200", ".001", "-json", doc.string()});
  ASSERT_EQ(run.status, 0) << run.err;
  ASSERT_EQ(expect_valid_json(doc.string()), 1u);
  std::ifstream in(doc);
  const json parsed = json::parse(in);
  // -disk 200 is the calculator's 200 MiB/s: 209.7152 MBytes/s of 10^6 bytes.
  EXPECT_DOUBLE_EQ(parsed["config"]["disk"]["mbytes_per_sec"].get<double>(), 200 * 1.048576);
  EXPECT_DOUBLE_EQ(parsed["calculation"]["disk"]["mib_per_sec"].get<double>(), 200);
  EXPECT_NE(run.out.find("Disk speed 200 MB/s"), std::string::npos) << run.out;
}

TEST(CalculateModel, GivesTheSameOutputOnAnyNumberOfThreads) {
  // Twenty minutes: each worker takes the next interval as it finishes one, so
  // one, two and five threads split them differently, and the sanitizer suites
  // play the three runs in seconds (ninety minutes took 79 s under ASan).
  std::mt19937_64 random(11);
  std::string minutes;
  for (int minute = 0; minute < 20; ++minute) minutes += random_rate_line(random, minute);
  const fs::path input = write_file("minutes.txt", minutes);
  std::vector<std::string> outputs;
  for (const std::string threads : {"1", "2", "5"}) {
    const Calculated run = calculate({input.string(), "-network", "10", ".1", "-disk", "200",
                                      ".001", "-model", "-threads", threads});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.err, "");
    outputs.push_back(run.out);
  }
  EXPECT_NE(outputs[0].find("\nsimulated "), std::string::npos);
  EXPECT_EQ(outputs[1], outputs[0]);
  EXPECT_EQ(outputs[2], outputs[0]);
}

TEST(CalculateModel, CtrlCKeepsTheWholeIntervalsAndSaysWhereItStopped) {
  // A month of minutes over the WAN takes the pair many seconds to play, on every core.
  std::mt19937_64 random(7);
  std::string month;
  for (int minute = 0; minute < 43200; ++minute) month += random_rate_line(random, minute % 60);
  const fs::path input = write_file("month.txt", month);
  const fs::path doc = scratch_file("calculate", "interrupted.json");
  ChildProcess run({"-calculate", input.string(), "-network", "10", ".1", "-disk", "200", ".001",
                    "-model", "-json", doc.string()});
  ASSERT_TRUE(run.wait_for_output("\nsimulated ", kRunBound)) << run.err();
  run.send_signal(SIGINT);
  ASSERT_EQ(run.wait(kRunBound), 0) << run.err();
  EXPECT_NE(run.out().find("Interrupted: the intervals after this point were not calculated."),
            std::string::npos);
  EXPECT_EQ(expect_valid_json(doc.string()), 1u);
  std::ifstream in(doc);
  const json calculation = json::parse(in)["calculation"];
  EXPECT_TRUE(calculation["interrupted"].get<bool>());
  const std::size_t done = calculation["intervals"].size();
  EXPECT_GT(done, 0u);
  EXPECT_LT(done, 43200u);
  // Every interval printed is whole: its actual line, and each mode with its simulated line.
  const std::string out = run.out();
  std::size_t actual = 0;
  std::size_t simulated = 0;
  for (const std::string& line : lines_of(out)) {
    actual += line.starts_with("actual ") ? 1 : 0;
    simulated += line.starts_with("simulated ") ? 1 : 0;
  }
  EXPECT_EQ(actual, done);
  EXPECT_EQ(simulated, 3 * done);
}

TEST(CalculateModel, PlotWorkloadDrawsTheDocument) {
  if (std::system("command -v gnuplot >/dev/null 2>&1") != 0) {
    GTEST_SKIP() << "gnuplot is not installed (apt-get install gnuplot-nox)";
  }
  const fs::path input = write_file("published.txt", kPublishedWorkload);
  const fs::path doc = scratch_file("calculate", "plot.json");
  const fs::path png = scratch_file("calculate", "plot.png");
  fs::remove(png);
  ASSERT_EQ(calculate({input.string(), "-network", "10", ".1", "-disk", "200", ".001", "-model",
                       "-json", doc.string()})
                .status,
            0);
  ChildProcess plot(
      {std::string(SIMHADR_SOURCE_DIR) + "/tools/plot-workload", doc.string(), "-o", png.string()},
      "/usr/bin/python3");
  ASSERT_EQ(plot.wait(kRunBound), 0) << plot.err();
  EXPECT_GT(fs::file_size(png), 1000u);
  ChildProcess refused({std::string(SIMHADR_SOURCE_DIR) + "/tools/plot-workload", input.string()},
                       "/usr/bin/python3");
  EXPECT_EQ(refused.wait(kRunBound), 2);
}

TEST(CalculateModel, OnTheWanA64KiBWindowHoldsAsyncToWindowOverRoundTrip) {
  const fs::path input = write_file("published.txt", kPublishedWorkload);
  const fs::path doc = scratch_file("calculate", "wan.json");
  const Calculated run =
      calculate({input.string(), "-network", "10", ".1", "-disk", "200", ".001", "-syncMode",
                 "ASYNC", "-model", "-sockSndBuf", "65536", "-json", doc.string()});
  ASSERT_EQ(run.status, 0) << run.err;
  const json calculation = calculation_of(doc);
  std::uint64_t suggested = 0;
  for (const json& interval : calculation["intervals"]) {
    const json& async = interval["modes"]["ASYNC"];
    EXPECT_NEAR(async["closed_form"]["expected"]["mib_per_sec"].get<double>(), 10.0, 1e-9);
    // 65536 bytes per 0.1 s round trip (and a piece's time on the wire).
    const double simulated = async["simulated"]["expected"]["bytes_per_sec"];
    EXPECT_NEAR(simulated, 65536 / 0.1, 65536 / 0.1 * 0.05) << interval["timestamp"];
    EXPECT_EQ(async["simulated"]["shortfall"]["cause"], "window");
    suggested =
        std::max<std::uint64_t>(suggested, async["simulated"]["shortfall"]["socket_buffer_bytes"]);
  }
  // 10 MiB/s over the round trip, in whole pages.
  EXPECT_GE(suggested, 10 * 1048576 / 10);
  EXPECT_NE(run.out.find(fmt::format(
                "set DB2_HADR_SOSNDBUF and DB2_HADR_SORCVBUF to at least {} bytes", suggested)),
            std::string::npos)
      << run.out;
  // The buffers it names give the closed form's rate back.
  const Calculated restored =
      calculate({input.string(), "-network", "10", ".1", "-disk", "200", ".001", "-syncMode",
                 "ASYNC", "-model", "-sockSndBuf", std::to_string(suggested)});
  ASSERT_EQ(restored.status, 0) << restored.err;
  EXPECT_EQ(restored.out.find("why:"), std::string::npos) << restored.out;
  EXPECT_NE(
      restored.out.find("ASYNC      Simulated: short of the closed form in 0 of 17 intervals"),
      std::string::npos)
      << restored.out;
}

// In SYNC and NEARSYNC the window's buffers alone leave some intervals short: a
// flush the closed form's rate needs is larger than the log buffer. The summary
// names both, and the two settings it names give every interval back.
class CalculateModelBothCauses : public ::testing::TestWithParam<std::string> {};

TEST_P(CalculateModelBothCauses, TheSummaryNamesTheLogBufferBesideTheWindow) {
  const fs::path input = write_file("published.txt", kPublishedWorkload);
  const fs::path doc = scratch_file("calculate", "both.json");
  const std::vector<std::string> wan{input.string(), "-network", "10",        ".1",       "-disk",
                                     "200",          ".001",     "-syncMode", GetParam(), "-model"};
  const Calculated run = calculate(concat(wan, {"-sockSndBuf", "65536", "-json", doc.string()}));
  ASSERT_EQ(run.status, 0) << run.err;
  std::uint64_t socket_buffer = 0;
  std::uint64_t log_buffer = 0;
  std::size_t both = 0;
  const json calculation = calculation_of(doc);
  for (const json& interval : calculation["intervals"]) {
    const json& shortfall = interval["modes"][GetParam()]["simulated"]["shortfall"];
    if (shortfall["cause"] != "window") continue;
    socket_buffer = std::max<std::uint64_t>(socket_buffer, shortfall["socket_buffer_bytes"]);
    if (!shortfall.contains("log_buffer_pages")) continue;
    ++both;
    log_buffer = std::max<std::uint64_t>(log_buffer, shortfall["log_buffer_pages"]);
  }
  ASSERT_GT(both, 0u) << run.out;
  EXPECT_NE(run.out.find(fmt::format("socket buffers of {} bytes restore", socket_buffer)),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find(fmt::format("need LOGBUFSZ {} pages too", log_buffer)), std::string::npos)
      << run.out;
  const Calculated sockets_alone =
      calculate(concat(wan, {"-sockSndBuf", std::to_string(socket_buffer)}));
  EXPECT_NE(sockets_alone.out.find(fmt::format("log buffer {} (LOGBUFSZ", both)), std::string::npos)
      << sockets_alone.out;
  const Calculated restored = calculate(concat(wan, {"-sockSndBuf", std::to_string(socket_buffer),
                                                     "-logBufSize", std::to_string(log_buffer)}));
  ASSERT_EQ(restored.status, 0) << restored.err;
  EXPECT_NE(restored.out.find("Simulated: short of the closed form in 0 of 17 intervals"),
            std::string::npos)
      << restored.out;
}

INSTANTIATE_TEST_SUITE_P(Modes, CalculateModelBothCauses, ::testing::Values("SYNC", "NEARSYNC"));

// Ten of the page's intervals, 9 minutes and 8 seconds of log.
std::string ten_intervals() {
  const std::vector<std::string> lines = lines_of(kPublishedWorkload);
  std::string text;
  for (std::size_t i = 2; i < 12; ++i) text += lines[i] + '\n';
  return text;
}

constexpr std::array kBeyondTheLink{"2013-02-09 01:22:30", "2013-02-26 15:32:09",
                                    "2013-02-26 15:33:09"};

TEST(Workload, InVirtualTimeNamesTheIntervalsTheLinkCannotSustain) {
  const fs::path input = write_file("ten.txt", ten_intervals());
  const fs::path doc = scratch_file("calculate", "workload-model.json");
  // 2.5 MB/s on the wire carries 2.24 MiB/s of log: three intervals log more.
  ChildProcess run({"-model", "-workload", input.string(), "-workloadSpeed", "60", "-syncMode",
                    "ASYNC", "-netRate", "2.5", "-json", doc.string()});
  ASSERT_EQ(run.wait(kRunBound), 0) << run.err();
  EXPECT_EQ(expect_valid_json(doc.string()), 1u);
  std::ifstream in(doc);
  const json primary = json::parse(in)["runs"][0];
  EXPECT_NEAR(primary["elapsed_seconds"].get<double>(), (9 * 60 + 8) / 60.0, 0.5);
  const json& steps = primary["models"]["workload_replay"];
  ASSERT_EQ(steps.size(), 10u);
  for (const json& step : steps) {
    const std::string stamp = step["timestamp"];
    const bool beyond = std::ranges::find(kBeyondTheLink, stamp) != kBeyondTheLink.end();
    EXPECT_EQ(step["sustained"].get<bool>(), !beyond) << stamp;
    const double offered = step["offered_bytes_per_sec"];
    if (!beyond) {
      EXPECT_NEAR(step["written_bytes_per_sec"].get<double>(), offered, offered * 0.05);
    }
    // Each flush's bytes count over the time it took to ship, not all in the
    // interval it ended in: no interval ships more than the wire's 2.353 MB/s
    // of log (it read 3.1 MB/s where flushes of 1 MiB ended in clusters).
    EXPECT_LE(step["shipped_bytes_per_sec"].get<double>(), 2.5e6 * 0.941 * 1.01) << stamp;
  }
  EXPECT_NE(run.out().find("Not sustained (the workload wrote less than 95% of its log, or the log "
                           "waiting to be shipped grew): 3 of 10 intervals: 2013-02-09 01:22:30, "
                           "2013-02-26 15:32:09, 2013-02-26 15:33:09"),
            std::string::npos)
      << run.out();
}

TEST(Workload, OnARealPairReplaysEveryIntervalInOrderAndShipsWhatItWrote) {
  const fs::path input = write_file("ten.txt", ten_intervals());
  const fs::path doc = scratch_file("calculate", "workload-demo.json");
  ChildProcess run({"-demo", "-workload", input.string(), "-workloadSpeed", "60", "-syncMode",
                    "ASYNC", "-netRate", "2.5", "-json", doc.string()});
  ASSERT_EQ(run.wait(60s), 0) << run.err();
  std::ifstream in(doc);
  const json parsed = json::parse(in);
  const json& primary = parsed["runs"][0];
  EXPECT_EQ(primary["log"]["bytes"], parsed["runs"][1]["log"]["bytes"]);
  const json& steps = primary["models"]["workload_replay"];
  ASSERT_EQ(steps.size(), 10u);
  const std::vector<std::string> lines = lines_of(ten_intervals());
  for (std::size_t i = 0; i < steps.size(); ++i) {
    EXPECT_EQ(steps[i]["timestamp"], lines[i].substr(0, 19));
  }
  // 7.307 MiB/s against 2.24: no host is slow enough to blur that one.
  EXPECT_FALSE(steps[8]["sustained"].get<bool>());
  EXPECT_NE(run.out().find("2013-02-26 15:32:09  offered   7.307 MB/s"), std::string::npos);
}

TEST(Workload, RefusesWhatDoesNotFitWithIt) {
  const fs::path input = write_file("ten.txt", ten_intervals());
  const fs::path bad = write_file("bad-workload.txt", "x\n2013-02-26 15:32:09  -1 MB/s, 60 sec\n");
  const std::array cases{
      std::pair<std::vector<std::string>, std::string>{
          {"-model", "-workload", input.string(), "-logRate", "5"},
          "-workload sets the log rate from its file; leave out -logRate"},
      std::pair<std::vector<std::string>, std::string>{{"-model", "-workloadSpeed", "60"},
                                                       "-workloadSpeed needs -workload FILE"},
      std::pair<std::vector<std::string>, std::string>{{"-model", "-workload", bad.string()},
                                                       bad.string() + " line 2:"},
  };
  for (const auto& [args, message] : cases) {
    ChildProcess run(args);
    EXPECT_EQ(run.wait(kRunBound), 2) << fmt::format("{}", fmt::join(args, " "));
    EXPECT_NE(run.err().find(message), std::string::npos) << run.err();
  }
}

// -model with -netOutage and -replay: a line per mode at the scan's busiest interval, in text and
// JSON; without -model those options are named and ignored.
TEST(Calculate, SaysWhatAFailureAtThePeakWouldCostEachMode) {
  const fs::path input = write_file("published.txt", kPublishedWorkload);
  const fs::path doc = scratch_file("calculate", "failure.json");
  const Calculated run = calculate({input.string(), "-network", "10", ".1", "-disk", "200", ".001",
                                    "-model", "-netOutage", "30", "-peerWaitLimit", "5",
                                    "-peerWindow", "10", "-replay", "5", "-json", doc.string()});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("SYNC       Failure at the peak (2013-02-26 15:32:09, 7.307 MB/s): a 30 s "
                         "outage holds commits 15.000 s (the settings give up on the standby "
                         "first)"),
            std::string::npos)
      << run.out;
  EXPECT_EQ(expect_valid_json(doc.string()), 1u);
  std::ifstream in(doc);
  const json failure = json::parse(in)["calculation"]["failure_at_peak"];
  EXPECT_EQ(failure["modes"]["ASYNC"]["hold_seconds"], 5.0);  // no peer window in ASYNC
  // 7.307 MiB/s against 5 MB/s of replay: the standby's 4 x 256-page buffer fills.
  EXPECT_EQ(failure["modes"]["SYNC"]["takeover_bytes"], 4 * 256 * 4096);
  // The simulated lines play the same replay: ASYNC at the peak carries the
  // replay's 5 MB/s (4.77 MiB/s) and what the standby's buffers took in the
  // minute, not the link's 10 MiB/s (it read 10.002 beside a failure line that
  // said replay held the primary back).
  in.clear();
  in.seekg(0);
  for (const json& interval : json::parse(in)["calculation"]["intervals"]) {
    if (interval["timestamp"] != "2013-02-26 15:32:09") continue;
    const json& simulated = interval["modes"]["ASYNC"]["simulated"];
    const double carried = simulated["expected"]["mib_per_sec"];
    const double buffers_in_a_minute = (6291456.0 + 4 * 256 * 4096) / 60 / (1 << 20);
    EXPECT_LE(carried, 5e6 / (1 << 20) + buffers_in_a_minute) << simulated.dump();
    EXPECT_EQ(simulated["shortfall"]["cause"], "other") << simulated.dump();
    EXPECT_EQ(simulated["shortfall"]["resource"], "standby replay") << simulated.dump();
  }
  const Calculated plain = calculate(
      {input.string(), "-network", "10", ".1", "-disk", "200", ".001", "-netOutage", "30"});
  ASSERT_EQ(plain.status, 0) << plain.err;
  EXPECT_NE(plain.err.find("-netOutage applies to -calculate with -model; ignored"),
            std::string::npos)
      << plain.err;
  EXPECT_EQ(plain.out.find("Failure at the peak"), std::string::npos);
}

}  // namespace
}  // namespace simhadr::e2e
