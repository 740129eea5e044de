// -compress, the real binary end to end: every flush crosses compressed in
// each sync mode with each codec built in, on loopback, across two namespaces
// and under TLS; both sides count the same log and wire bytes and the ratio
// they print is those bytes'; each way a pair can disagree (one side
// compresses, the other does not; two codecs; the original's standby or
// primary) ends both sides with one line naming why.

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>

#include "two_hosts.hpp"

namespace simhadr::e2e {
namespace {

using namespace std::chrono_literals;
using nlohmann::json;

constexpr std::uint64_t kCompressedFlushes = 200;
constexpr std::uint64_t kCompressedFlushBytes = 4 * 4096;

bool binary_has(const std::string& codec) {
  ChildProcess probe({"-demo", "-compress", codec, "-n", "1"});
  return probe.wait(20s) == 0;
}

struct CompressionLine {
  std::string choice;
  double ratio = 0;
  std::uint64_t log_bytes = 0;
  std::uint64_t wire_bytes = 0;
};

CompressionLine compression_line(const std::string& report) {
  std::smatch m;
  static const std::regex line(
      R"(\nCompression: (\w+:\d+), ([\d.]+) times smaller on the wire: (\d+) bytes of log in )"
      R"((\d+) bytes; [\d.]+ CPU seconds per GB of log (compressing|restoring) on this side\.\n)");
  if (!std::regex_search(report, m, line)) {
    ADD_FAILURE() << "no Compression: line in\n" << report;
    return {};
  }
  return {m[1], std::stod(m[2]), std::stoull(m[3]), std::stoull(m[4])};
}

// Both sides agree on every flush and byte of log, and on the compressed
// stream's bytes; the ratio printed is the log's bytes over the wire's.
void expect_compressed_alike(const PairRun& run, const std::string& choice) {
  expect_same_log_on_both_sides(run, kCompressedFlushes, kCompressedFlushBytes);
  const CompressionLine sent = compression_line(run.primary_out);
  const CompressionLine received = compression_line(run.standby_out);
  EXPECT_EQ(sent.choice, choice);
  EXPECT_EQ(received.choice, choice);
  EXPECT_EQ(sent.log_bytes, kCompressedFlushes * kCompressedFlushBytes);
  EXPECT_EQ(received.log_bytes, sent.log_bytes);
  EXPECT_EQ(received.wire_bytes, sent.wire_bytes);
  ASSERT_GT(sent.wire_bytes, 0u);
  const double ratio = static_cast<double>(sent.log_bytes) / static_cast<double>(sent.wire_bytes);
  EXPECT_NEAR(sent.ratio, ratio, 0.005 + ratio * 1e-6);
  EXPECT_GT(sent.ratio, 1.5) << "log-like records compress";
  EXPECT_EQ(run.primary_out.find("Payload shipped:"), std::string::npos)
      << "the files went round at least once";
}

using ModeAndCodec = std::tuple<std::string, std::string>;  // sync mode, codec

class CompressEveryMode : public ::testing::TestWithParam<ModeAndCodec> {
 protected:
  void SetUp() override {
    if (!binary_has(codec())) GTEST_SKIP() << "this build of simhadr has no " << codec();
    file_ = log_like_records_file("simhadr-e2e-compress-" + mode() + "-" + codec());
  }
  void TearDown() override {
    if (!file_.empty()) std::filesystem::remove(file_);
  }
  const std::string& mode() const { return std::get<0>(GetParam()); }
  const std::string& codec() const { return std::get<1>(GetParam()); }
  std::vector<std::string> primary_options() const {
    return {"-n",         std::to_string(kCompressedFlushes),
            "-syncmode",  mode(),
            "-flushSize", "4",
            "-payload",   file_,
            "-compress",  codec()};
  }
  std::string file_;
};

TEST_P(CompressEveryMode, OnLoopbackEveryFlushCrossesAndBothSidesCountTheSameWireBytes) {
  const PairRun run = run_pair(primary_options(), {"-compress", codec()});
  expect_compressed_alike(run, codec() + (codec() == "zlib" ? ":6" : ":1"));
}

TEST_P(CompressEveryMode, AcrossTwoHostsTheSame) {
  if (const auto why = TwoHosts::unavailable()) GTEST_SKIP() << *why;
  const TwoHosts hosts;
  const PairRun run = run_across(hosts, primary_options(), {"-compress", codec()});
  expect_compressed_alike(run, codec() + (codec() == "zlib" ? ":6" : ":1"));
}

// On a link slower than the compressor, the advisor names the link and counts it in bytes of
// log: the wire's pace times the ratio the run measured, above the link's own rate.
TEST(CompressAdvisor, TheLinkIsCountedInBytesOfLog) {
  if (const auto why = TwoHosts::unavailable()) GTEST_SKIP() << *why;
  if (!binary_has("lz4")) GTEST_SKIP() << "this build of simhadr has no lz4";
  const std::string file = log_like_records_file("simhadr-e2e-compress-advisor");
  const TwoHosts hosts(
      {.primary_rate = "100mbit", .intruder = false, .queue_limit_bytes = std::nullopt});
  const PairRun run =
      run_across(hosts, {"-t", "2", "-syncMode", "ASYNC", "-payload", file, "-compress", "lz4"},
                 {"-compress", "lz4"});
  std::filesystem::remove(file);
  ASSERT_EQ(run.primary_status, 0) << run.primary_err;
  EXPECT_EQ(run.primary_out.find("\nLog gap:"), std::string::npos) << run.primary_out;
  if (!expect_bottleneck(run.primary_out, "network bandwidth: ")) return;
  std::smatch m;
  ASSERT_TRUE(std::regex_search(
      run.primary_out, m,
      std::regex(R"(takes [\d.]+ s on the link \(([\d.]+) MBytes/sec of log, compressed )"
                 R"(([\d.]+) times \(-compress\): TCP's pace)")))
      << run.primary_out;
  EXPECT_GT(std::stod(m[1]), 12.5) << "more log than the link's own rate";
  EXPECT_NEAR(std::stod(m[2]), compression_line(run.primary_out).ratio, 0.01);
}

INSTANTIATE_TEST_SUITE_P(ModesAndCodecs, CompressEveryMode,
                         ::testing::Combine(::testing::Values("SYNC", "NEARSYNC", "ASYNC",
                                                              "SUPERASYNC"),
                                            ::testing::Values("zlib", "lz4", "zstd")),
                         [](const ::testing::TestParamInfo<ModeAndCodec>& info) {
                           return std::get<0>(info.param) + "_" + std::get<1>(info.param);
                         });

class Compress : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!binary_has("zstd")) GTEST_SKIP() << "this build of simhadr has no zstd";
  }
};

TEST_F(Compress, UnderTlsTheLogIsCompressedFirstAndTheLevelTravels) {
  ChildProcess tls_probe({"-demo", "-tls", "-n", "1"});
  if (tls_probe.wait(20s) != 0) GTEST_SKIP() << "this build of simhadr has no TLS";
  const std::string file = log_like_records_file("simhadr-e2e-compress-tls");
  const auto json_path = scratch_file("compress", "tls.json");
  const PairRun run =
      run_pair({"-n", std::to_string(kCompressedFlushes), "-syncmode", "NEARSYNC", "-flushSize",
                "4", "-payload", file, "-compress", "zstd:3", "-tls", "-json", json_path.string()},
               {"-compress", "zstd", "-tls"});
  std::filesystem::remove(file);
  expect_compressed_alike(run, "zstd:3");
  EXPECT_NE(run.primary_out.find("\nTLS: TLSv1.3"), std::string::npos) << run.primary_out;
  EXPECT_NE(run.standby_out.find("\nTLS: TLSv1.3"), std::string::npos) << run.standby_out;
  ASSERT_EQ(expect_valid_json(json_path.string()), 1u);
  std::ifstream in(json_path);
  const json document = json::parse(in);
  const json& compression = document["runs"][0]["compression"];
  EXPECT_EQ(compression["codec"], "zstd");
  EXPECT_EQ(compression["level"], 3);
  EXPECT_EQ(compression["source"], "measured");
  EXPECT_EQ(compression["log_bytes"], kCompressedFlushes * kCompressedFlushBytes);
}

// A run that ships less than its files holds measures the ratio of their
// first part, and the primary's report says how much of them that was.
TEST_F(Compress, ARunShorterThanItsFilesSaysWhichPartTheRatioIsOf) {
  const std::string file = log_like_records_file("simhadr-e2e-compress-part");
  const auto file_bytes = std::filesystem::file_size(file);
  constexpr std::uint64_t kFlushes = 20;
  const PairRun run = run_pair(
      {"-n", std::to_string(kFlushes), "-flushSize", "4", "-payload", file, "-compress", "zstd"},
      {"-compress", "zstd"});
  std::filesystem::remove(file);
  const std::uint64_t shipped = kFlushes * kCompressedFlushBytes;
  ASSERT_LT(shipped, file_bytes);
  EXPECT_NE(run.primary_out.find(fmt::format(
                "\nPayload shipped: the first {:.0f}% of the files ({} of {} bytes), so the ratio "
                "above is that part's; the Payload: line's is of samples from all of them.\n",
                100.0 * static_cast<double>(shipped) / static_cast<double>(file_bytes), shipped,
                file_bytes)),
            std::string::npos)
      << run.primary_out;
  EXPECT_EQ(run.standby_out.find("Payload shipped:"), std::string::npos) << run.standby_out;
}

// Two sides that do not agree: each ends, fails with one line, and says why.
struct Disagreement {
  std::string name;
  std::string mode;
  std::vector<std::string> primary, standby;  // beyond the run's own options
  std::string primary_says, standby_says;
};

void PrintTo(const Disagreement& disagreement, std::ostream* out) {
  *out << disagreement.name;
}

class CompressRefusal : public Compress, public ::testing::WithParamInterface<Disagreement> {};

TEST_P(CompressRefusal, BothSidesEndSayingWhy) {
  const Disagreement& disagreement = GetParam();
  if (!binary_has("lz4")) GTEST_SKIP() << "this build of simhadr has no lz4";
  const std::vector<std::string> bound = {"-connectTimeout", "10"};
  ChildProcess primary(
      concat(concat(primary_args("127.0.0.1", "0"), {"-t", "30", "-syncMode", disagreement.mode}),
             concat(bound, disagreement.primary)));
  ChildProcess standby(concat(concat(standby_args("127.0.0.1", listening_port(primary)), bound),
                              disagreement.standby));
  EXPECT_EQ(primary.wait(25s), 1) << primary.out();
  EXPECT_EQ(standby.wait(25s), 1) << standby.out();
  expect_one_line_naming(primary.err(), disagreement.primary_says);
  expect_one_line_naming(standby.err(), disagreement.standby_says);
}

INSTANTIATE_TEST_SUITE_P(
    Table, CompressRefusal,
    ::testing::Values(
        Disagreement{"PlainStandby",
                     "NEARSYNC",
                     {"-compress", "zstd"},
                     {},
                     "the standby was started without -compress: start it with -compress zstd",
                     "the primary compresses the log with zstd:1: start this standby with "
                     "-compress zstd"},
        Disagreement{"PlainPrimaryAsync",
                     "ASYNC",
                     {},
                     {"-compress", "zstd"},
                     "the standby was started with -compress and refused this primary's "
                     "uncompressed log",
                     "the primary sends the log uncompressed and this standby was started with "
                     "-compress zstd"},
        Disagreement{"PlainPrimarySync",
                     "SYNC",
                     {},
                     {"-compress", "zstd"},
                     "the standby was started with -compress and refused this primary's "
                     "uncompressed log",
                     "the primary sends the log uncompressed"},
        Disagreement{"PlainPrimaryAskingForSettings",
                     "SUPERASYNC",
                     {"-standbyHadrBufSize", "64"},
                     {"-compress", "zstd"},
                     "the standby was started with -compress and refused this primary's "
                     "uncompressed log",
                     "the primary sends the log uncompressed"},
        Disagreement{"OtherCodecs",
                     "NEARSYNC",
                     {"-compress", "zstd"},
                     {"-compress", "lz4"},
                     "the standby was started with -compress of another codec than zstd",
                     "the primary compresses the log with zstd:1 and this standby was started "
                     "with -compress lz4: give both sides the same codec"}),
    [](const ::testing::TestParamInfo<Disagreement>& info) { return info.param.name; });

std::string reference_binary() {
  const char* path = std::getenv("SIMHADR_REF");
  return path ? path : "";
}

TEST_F(Compress, TheOriginalsStandbyIsNamedAsNotAnsweringIt) {
  if (reference_binary().empty()) GTEST_SKIP() << "SIMHADR_REF is not set (the original simhadr)";
  ChildProcess primary(concat(primary_args("127.0.0.1", "0"),
                              {"-t", "30", "-connectTimeout", "5", "-compress", "zstd"}));
  // The original refuses -lport 0.
  ChildProcess standby({"-role", "standby", "-lhost", "127.0.0.1", "-lport", "1", "-rhost",
                        "127.0.0.1", "-rport", listening_port(primary)},
                       reference_binary());
  EXPECT_EQ(primary.wait(25s), 1) << primary.out();
  standby.wait(25s);
  expect_one_line_naming(primary.err(), "-compress");
  EXPECT_NE(primary.err().find("original simhadr's standby"), std::string::npos) << primary.err();
}

TEST_F(Compress, TheOriginalsPrimaryIsRefusedByACompressingStandby) {
  if (reference_binary().empty()) GTEST_SKIP() << "SIMHADR_REF is not set (the original simhadr)";
  const std::string port = std::to_string(private_port(PortBlock::Interop));
  ChildProcess primary({"-role", "primary", "-lhost", "127.0.0.1", "-lport", port, "-rhost",
                        "127.0.0.1", "-rport", "1", "-t", "30"},
                       reference_binary());
  ASSERT_TRUE(primary.wait_listening(static_cast<std::uint16_t>(std::stoi(port)), 10s));
  ChildProcess standby({"-role", "standby", "-lhost", "127.0.0.1", "-lport", "1", "-rhost",
                        "127.0.0.1", "-rport", port, "-compress", "zstd"});
  EXPECT_EQ(standby.wait(25s), 1) << standby.out();
  primary.wait(25s);
  expect_one_line_naming(standby.err(), "the primary sends the log uncompressed");
}

// -model -compress RATIO: the wire carries the log RATIO times smaller, which the
// arithmetic gives exactly: 12.5 MB/s of wire, 94.1% of it TCP payload, times 2.5.
TEST(CompressModel, AGivenRatioMultipliesWhatTheLinkCarriesAndIsNamed) {
  const auto document = scratch_file("compress", "model.json");
  ChildProcess model({"-model", "-netRate", "12.5", "-syncMode", "ASYNC", "-n", "2000", "-compress",
                      "2.5", "-json", document.string()});
  ASSERT_EQ(model.wait(20s), 0) << model.err();
  const std::string out = model.out();
  std::smatch m;
  ASSERT_TRUE(std::regex_search(
      out, m, std::regex(R"(ASYNC: Total \d+ bytes in [\d.]+ seconds, ([\d.]+) MBytes/sec)")));
  // Within two flushes of the 2000: the primary's last one ends while the wire still carries
  // it and up to a flush before it from the send buffer.
  EXPECT_NEAR(std::stod(m[1]), 12.5 * 1448.0 / 1538.0 * 2.5, 2 * 29.42 / 2000);
  EXPECT_NE(out.find("Bottleneck: network bandwidth: a flush of 65536 bytes takes 0.002227 s on "
                     "the link (29.421326 MBytes/sec of log, compressed 2.50 times (-compress), in "
                     "TCP payload on a 12.5 MBytes/sec link)"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("Compression: modelled, given with -compress, 2.50 times smaller on the wire: "
                     "131072000 bytes of log in 52428800 bytes"),
            std::string::npos)
      << out;
  ASSERT_EQ(expect_valid_json(document.string()), 1u);
  std::ifstream in(document);
  const json primary = json::parse(in)["runs"][0];
  EXPECT_EQ(primary["compression"]["source"], "given");
  EXPECT_TRUE(primary["compression"]["codec"].is_null());
  EXPECT_EQ(primary["compression"]["wire_bytes"], 52428800);
  EXPECT_EQ(primary["bottleneck"]["evidence_figures"]["compression_ratio"], 2.5);
}

// Costs given per GB of log: each side's thread pays its own, and the slower names the limit.
TEST(CompressModel, EachSideIsChargedItsOwnCost) {
  ChildProcess model({"-model", "-syncMode", "ASYNC", "-n", "1000", "-compress", "1,2,4"});
  ASSERT_EQ(model.wait(20s), 0) << model.err();
  const std::string out = model.out();
  EXPECT_NE(out.find("2.000000 CPU seconds per GB of log compressing on this side."),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("Bottleneck: receiver CPU: -compress: restoring (0.000262 s) on each flush "
                     "of 65536 bytes takes the standby 0.000262 s of CPU (250.000000 MBytes/sec)"),
            std::string::npos)
      << out;
}

// A codec: its ratio and costs measured on the payload, as -compress streams it.
TEST_F(Compress, AModelledCodecIsMeasuredOnThePayload) {
  const std::string file = log_like_records_file("simhadr-e2e-compress-model");
  ChildProcess model({"-model", "-netRate", "12.5", "-syncMode", "ASYNC", "-t", "10", "-compress",
                      "zstd", "-payload", file});
  ASSERT_EQ(model.wait(30s), 0) << model.err();
  std::filesystem::remove(file);
  std::smatch m;
  const std::string out = model.out();
  ASSERT_TRUE(std::regex_search(
      out, m,
      std::regex(R"(Compression: modelled, zstd:1 as measured on a sample of the payload, )"
                 R"(([\d.]+) times smaller)")))
      << out;
  EXPECT_GT(std::stod(m[1]), 1.5);
}

}  // namespace
}  // namespace simhadr::e2e
