// Planning with a compressed link: the advisor's what-if where the link sets
// the pace, confirmed by the command it names, and -calculate -compress RATIO.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>

#include "pair_run.hpp"

namespace simhadr::e2e {
namespace {

using namespace std::chrono_literals;
using nlohmann::json;

constexpr double kLinkPayload = 12.5 * 1448.0 / 1538.0;

struct ModelledRun {
  std::string out;
  json primary;
};

ModelledRun run_modelled(const std::vector<std::string>& args, const std::string& name) {
  const auto document = scratch_file("compress-plan", name);
  std::vector<std::string> all = {"-model", "-netRate", "12.5", "-syncMode", "ASYNC", "-n", "2000"};
  all.insert(all.end(), args.begin(), args.end());
  all.insert(all.end(), {"-json", document.string()});
  ChildProcess model(all);
  EXPECT_EQ(model.wait(60s), 0) << model.err();
  EXPECT_EQ(expect_valid_json(document.string()), 1u);
  std::ifstream in(document);
  return {model.out(), json::parse(in)["runs"][0]};
}

double async_rate(const std::string& out) {
  std::smatch m;
  if (!std::regex_search(
          out, m, std::regex(R"(ASYNC: Total \d+ bytes in [\d.]+ seconds, ([\d.]+) MBytes/sec)"))) {
    ADD_FAILURE() << "no ASYNC total in\n" << out;
    return 0;
  }
  return std::stod(m[1]);
}

// The link limits: the advisor puts the payload's best compressor on it, at the
// ratio and CPU the start-up probe measured, and names the command that
// confirms it. That command's -model run measures the codec again, streamed in
// flushes, and gives what its own figures make: the link at its ratio, or the
// primary's CPU. Where the link binds there too, it gives the forecast; under a
// sanitizer the streamed probe runs instrumented code, costs many times more,
// and the CPU binds below the forecast.
TEST(CompressPlan, TheAdvisorSaysWhatCompressingALimitingLinkGivesAndItsCommandConfirmsIt) {
  const std::string file = log_like_records_file("simhadr-e2e-what-if");
  const ModelledRun plain = run_modelled({"-payload", file}, "plain.json");
  const json& bottleneck = plain.primary["bottleneck"];
  ASSERT_EQ(bottleneck["resource"], "network bandwidth") << plain.out;
  const json& what_if = bottleneck["compression_what_if"];
  ASSERT_TRUE(what_if.is_object()) << plain.out;
  const double ratio = what_if["ratio"];
  EXPECT_GT(ratio, 1.5);
  const double link = what_if["link_mbytes_per_sec"];
  EXPECT_NEAR(link, kLinkPayload * ratio, 1e-6 * link);
  const double forecast = what_if["mbytes_per_sec"];
  EXPECT_LE(forecast, link * (1 + 1e-9));
  EXPECT_GT(forecast, async_rate(plain.out) * 1.5);
  const std::string codec = what_if["codec"];
  EXPECT_NE(plain.out.find("Compressing the link (what-if): " + codec + ":"), std::string::npos)
      << plain.out;
  EXPECT_NE(plain.out.find("confirm with this command and -compress " + codec), std::string::npos)
      << plain.out;
  // The probe's figures the what-if took, printed as a real primary prints them.
  EXPECT_NE(plain.out.find("\nPayload: 1 file, "), std::string::npos) << plain.out;
  EXPECT_NE(
      plain.out.find(fmt::format(" {}:{} {:.2f}x (", codec, what_if["level"].get<int>(), ratio)),
      std::string::npos)
      << plain.out;

  const ModelledRun confirmed =
      run_modelled({"-payload", file, "-compress", codec}, "confirmed.json");
  std::filesystem::remove(file);
  const json& compression = confirmed.primary["compression"];
  const double streamed_ratio = compression["ratio"];
  const double streamed_cost = compression["cpu_seconds_per_gb"];
  const double own_figures = std::min(kLinkPayload * streamed_ratio, 1000 / streamed_cost);
  const double confirmed_rate = async_rate(confirmed.out);
  EXPECT_NEAR(confirmed_rate, own_figures, 0.02 * own_figures) << confirmed.out;
  if (kLinkPayload * streamed_ratio <= 1000 / streamed_cost) {
    EXPECT_NEAR(confirmed_rate, forecast, 0.1 * forecast) << confirmed.out;
  } else {
    EXPECT_LT(confirmed_rate, forecast * 1.02) << confirmed.out;
  }
  // A link already compressed gets no what-if.
  EXPECT_TRUE(confirmed.primary["bottleneck"]["compression_what_if"].is_null());
}

// Bytes no compressor shrinks: the what-if says so, and where to find a real ratio.
TEST(CompressPlan, AnIncompressiblePayloadIsToldToBringItsLog) {
  const ModelledRun run = run_modelled({"-payload", "incompressible"}, "incompressible.json");
  EXPECT_NE(run.out.find("Compressing the link (what-if): the incompressible payload does not "
                         "shrink; -payload with archived log files"),
            std::string::npos)
      << run.out;
  // Nothing was measured of it: the what-if names no compressor.
  const auto& what_if = run.primary["bottleneck"]["compression_what_if"];
  ASSERT_TRUE(what_if.is_object()) << what_if;
  EXPECT_TRUE(what_if["codec"].is_null());
  EXPECT_TRUE(what_if["ratio"].is_null());
  EXPECT_FALSE(what_if["helps"].get<bool>());
  EXPECT_TRUE(run.primary["payload"].is_null() || run.primary["payload"]["compression"].is_null());
}

// A model without -payload measures nothing, and says nothing of compression.
TEST(CompressPlan, AModelWithoutAPayloadHasNoWhatIf) {
  const ModelledRun run = run_modelled({}, "no-payload.json");
  EXPECT_EQ(run.out.find("what-if"), std::string::npos) << run.out;
  EXPECT_TRUE(run.primary["bottleneck"]["compression_what_if"].is_null());
}

constexpr std::string_view kTwoIntervals = R"(Logging rate:
2026-11-02 09:00:00  4.000 MB/s, 60 sec,  12.0 pg/f, 0.011719 sec/f,   8.0 pg/tr, 0.120000 sec/tr, 0.010000 sec/cmt, nOpenTrans  10.0
2026-11-02 09:01:00  1.500 MB/s, 60 sec,   6.0 pg/f, 0.015625 sec/f,   4.0 pg/tr, 0.080000 sec/tr, 0.009000 sec/cmt, nOpenTrans   5.0
)";

struct PlanCalculation {
  int status = 0;
  std::string out, err;
};

PlanCalculation calculate_plan(const std::vector<std::string>& extra) {
  const auto input = scratch_file("compress-plan", "two-intervals.txt");
  std::ofstream(input) << kTwoIntervals;
  std::vector<std::string> args = {"-calculate", input.string(), "-disk", "200", ".001"};
  args.insert(args.end(), extra.begin(), extra.end());
  ChildProcess run(args);
  const std::optional<int> status = run.wait(60s);
  EXPECT_TRUE(status) << "-calculate did not end within a minute";
  return {status.value_or(-1), run.out(), run.err()};
}

// Every line after the header, where the link is named.
std::string annotations(const std::string& out) {
  return out.substr(out.find("\n\n"));
}

// A link compressed RATIO times is the calculator's arithmetic on a link
// RATIO times faster, line for line; the header says which.
TEST(CompressPlan, CalculateCarriesTheLogAtTheRatio) {
  const PlanCalculation compressed = calculate_plan({"-network", "2", ".1", "-compress", "2.5"});
  ASSERT_EQ(compressed.status, 0) << compressed.err;
  const PlanCalculation faster = calculate_plan({"-network", "5", ".1"});
  ASSERT_EQ(faster.status, 0) << faster.err;
  EXPECT_NE(compressed.out.find("simhadr: Link compressed (-compress): the log crosses it 2.5 "
                                "times smaller, 5 MB/s of log\n"),
            std::string::npos)
      << compressed.out;
  EXPECT_EQ(annotations(compressed.out), annotations(faster.out));
}

}  // namespace
}  // namespace simhadr::e2e
