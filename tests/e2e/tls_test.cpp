// HADR over TLS (-tls), the real binary on loopback: every flush crosses
// encrypted in each sync mode, the reports name what the two sides agreed on,
// and each way a pair can fail to agree ends both sides within -connectTimeout
// with one line naming why. Certificates come from the openssl command, made
// afresh for each test; without it, or in a build without TLS, the tests skip.
#include <unistd.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "pair_run.hpp"

namespace simhadr::e2e {
namespace {

using namespace std::chrono_literals;
using nlohmann::json;
namespace fs = std::filesystem;

constexpr std::uint64_t kTlsFlushes = 200;
constexpr std::uint64_t kTlsFlushBytes = 4 * 4096;

std::string text_of(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

bool binary_has_tls() {
  ChildProcess probe({"-demo", "-tls", "-n", "1"});
  return probe.wait(20s) == 0;
}

bool openssl_command_found() {
  return std::system("openssl version > /dev/null 2>&1") == 0;
}

// A CA, another CA, and certificates for the two sides signed by the first
// (naming 127.0.0.1), one signed by the other and one naming another host.
class Pki {
 public:
  Pki() : folder_(scratch_file("tls", "ca.pem").parent_path()) {
    make_ca("ca", "simhadr test CA");
    make_ca("other-ca", "another CA");
    make_certificate("primary", "ca", "IP:127.0.0.1");
    make_certificate("standby", "ca", "IP:127.0.0.1,DNS:localhost");
    make_certificate("stranger", "other-ca", "IP:127.0.0.1");
    make_certificate("elsewhere", "ca", "DNS:elsewhere.example");
  }

  std::string file(const std::string& name) const { return (folder_ / name).string(); }

  // -tlsCert, -tlsKey and -tlsCA for the certificate `name`.
  std::vector<std::string> side(const std::string& name, const std::string& ca = "ca") const {
    return {"-tlsCert", file(name + ".pem"), "-tlsKey", file(name + ".key"),
            "-tlsCA",   file(ca + ".pem")};
  }

 private:
  void run(const std::string& command) const {
    const std::string quiet = "cd '" + folder_.string() + "' && " + command + " > /dev/null 2>&1";
    ASSERT_EQ(std::system(quiet.c_str()), 0) << command;
  }
  void make_ca(const std::string& name, const std::string& common_name) const {
    run("openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 -keyout " +
        name + ".key -out " + name + ".pem -subj '/CN=" + common_name + "'");
  }
  void make_certificate(const std::string& name, const std::string& ca,
                        const std::string& alt_names) const {
    run("openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout " + name +
        ".key -out " + name + ".csr -subj '/CN=" + name + ".test'");
    std::ofstream(folder_ / (name + ".ext")) << "subjectAltName=" << alt_names << '\n';
    run("openssl x509 -req -days 2 -in " + name + ".csr -CA " + ca + ".pem -CAkey " + ca +
        ".key -CAcreateserial -extfile " + name + ".ext -out " + name + ".pem");
  }

  fs::path folder_;
};

class Tls : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!openssl_command_found()) GTEST_SKIP() << "no openssl command to make certificates with";
    if (!binary_has_tls()) GTEST_SKIP() << "this build of simhadr has no TLS (no OpenSSL 3)";
  }
};

std::string tls_line(const std::string& report) {
  std::smatch m;
  return std::regex_search(report, m, std::regex("\nTLS: ([^\n]*)")) ? m[1].str() : "";
}

class TlsEveryMode : public Tls, public ::testing::WithParamInterface<std::string> {};

TEST_P(TlsEveryMode, EveryFlushCrossesAndBothReportsNameTls13) {
  const fs::path primary_json = scratch_file("tls", "primary.json");
  const fs::path standby_json = scratch_file("tls", "standby.json");
  const PairRun run = run_pair({"-tls", "-n", std::to_string(kTlsFlushes), "-syncMode", GetParam(),
                                "-flushSize", "4", "-json", primary_json.string()},
                               {"-tls", "-json", standby_json.string()});
  expect_same_log_on_both_sides(run, kTlsFlushes, kTlsFlushBytes);
  const std::regex unverified(R"(TLSv1\.3 TLS_AES_256_GCM_SHA384, peer not verified)");
  EXPECT_TRUE(std::regex_match(tls_line(run.primary_out), unverified)) << run.primary_out;
  EXPECT_TRUE(std::regex_match(tls_line(run.standby_out), unverified)) << run.standby_out;
  expect_valid_json(primary_json.string());
  expect_valid_json(standby_json.string());
  for (const fs::path& path : {primary_json, standby_json}) {
    const json tls = json::parse(text_of(path))["runs"][0]["tls"];
    EXPECT_EQ(tls["version"], "TLSv1.3");
    EXPECT_EQ(tls["cipher"], "TLS_AES_256_GCM_SHA384");
    EXPECT_EQ(tls["peer_verified"], false);
    // Not verified, but what the standby presented: the certificate it made at
    // start-up. The standby, TLS's server, asks for one only when it verifies.
    if (path == primary_json) {
      EXPECT_EQ(tls["peer_subject"], "CN=simhadr self-signed");
    } else {
      EXPECT_TRUE(tls["peer_subject"].is_null()) << tls;
    }
    // The handshake's bytes; the primary's, a header and tag on every record too.
    const std::uint64_t overhead = tls["record_overhead_bytes"];
    EXPECT_GT(overhead, path == primary_json ? 22 * kTlsFlushes : 0u);
  }
}

INSTANTIATE_TEST_SUITE_P(Modes, TlsEveryMode,
                         ::testing::Values("SYNC", "NEARSYNC", "ASYNC", "SUPERASYNC"));

// A flush of many records meets socket buffers far smaller than it: the
// kernel takes its records a piece at a time, and the flush counts as sent
// only once all are in; blocking (-block) or waiting for room, the log crosses whole.
TEST_F(Tls, AFlushOfManyRecordsCrossesSmallSocketBuffersWhole) {
  for (const bool blocking : {false, true}) {
    std::vector<std::string> primary{"-tls",  "-n",          "40",  "-syncMode",
                                     "ASYNC", "-flushSize",  "64",  "-sockSndBuf",
                                     "8192",  "-sockRcvBuf", "8192"};
    std::vector<std::string> standby{"-tls", "-sockSndBuf", "8192", "-sockRcvBuf", "8192"};
    if (blocking) {
      primary.emplace_back("-block");
      standby.emplace_back("-block");
    }
    const PairRun run = run_pair(primary, standby);
    SCOPED_TRACE(blocking ? "-block" : "non-blocking");
    expect_same_log_on_both_sides(run, 40, 64 * 4096);
  }
}

// As a server's default does, a side without -tlsVersion offers 1.2 and 1.3,
// so a side pinned to 1.2 is met there, whichever side it is.
TEST_P(TlsEveryMode, APinnedSideAndADefaultSideAgreeOnThePinnedVersion) {
  const std::vector<std::string> pinned{"-tls", "-tlsVersion", "1.2"};
  const std::vector<std::string> unpinned{"-tls"};
  for (const bool primary_pinned : {true, false}) {
    SCOPED_TRACE(primary_pinned ? "the primary pinned" : "the standby pinned");
    const PairRun run = run_pair(concat(primary_pinned ? pinned : unpinned,
                                        {"-n", "20", "-syncMode", GetParam(), "-flushSize", "4"}),
                                 primary_pinned ? unpinned : pinned);
    expect_same_log_on_both_sides(run, 20, kTlsFlushBytes);
    EXPECT_TRUE(tls_line(run.primary_out).starts_with("TLSv1.2 TLS_ECDHE_")) << run.primary_out;
    EXPECT_TRUE(tls_line(run.standby_out).starts_with("TLSv1.2 TLS_ECDHE_")) << run.standby_out;
  }
}

// The standby's version as Db2's SSL_VERSIONS writes it.
TEST_F(Tls, Version12IsAgreedWhenBothAskForIt) {
  const PairRun run = run_pair({"-tls", "-tlsVersion", "1.2", "-n", "50", "-flushSize", "4"},
                               {"-tls", "-tlsVersion", "TLSV12"});
  expect_same_log_on_both_sides(run, 50, kTlsFlushBytes);
  EXPECT_TRUE(tls_line(run.primary_out).starts_with("TLSv1.2 TLS_ECDHE_")) << run.primary_out;
  EXPECT_TRUE(tls_line(run.standby_out).starts_with("TLSv1.2 TLS_ECDHE_")) << run.standby_out;
}

// Db2's usual TLS 1.2 suite authenticates with RSA: the RSA certificate a
// default standby makes once such a primary comes serves it, as the ECDSA one
// serves the ECDSA suites, given on one side or both. A list of TLS 1.2 suites
// alone offers TLS 1.2 alone, so a default standby meets it there.
TEST_F(Tls, TheRsaSuiteIsServedByAMadeRsaCertificate) {
  const std::vector<std::string> rsa{"-tls", "-tlsCiphers",
                                     "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384"};
  const std::string agreed = "TLSv1.2 TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384, peer not verified";
  for (const bool both : {true, false}) {
    const PairRun run = run_pair(concat(rsa, {"-n", "20", "-flushSize", "4"}),
                                 both ? rsa : std::vector<std::string>{"-tls"});
    expect_same_log_on_both_sides(run, 20, kTlsFlushBytes);
    EXPECT_EQ(tls_line(run.primary_out), agreed) << run.primary_out;
    EXPECT_EQ(tls_line(run.standby_out), agreed) << run.standby_out;
  }
}

TEST_F(Tls, Db2sCipherNameIsTakenAndReported) {
  const PairRun run = run_pair(
      {"-tls", "-tlsCiphers", "TLS_AES_128_GCM_SHA256", "-n", "20", "-flushSize", "4"}, {"-tls"});
  expect_same_log_on_both_sides(run, 20, kTlsFlushBytes);
  EXPECT_EQ(tls_line(run.primary_out), "TLSv1.3 TLS_AES_128_GCM_SHA256, peer not verified");
}

TEST_F(Tls, CertificatesFromOneCaVerifyEachOtherAndTheHostName) {
  const Pki pki;
  const PairRun run =
      run_pair(concat(pki.side("primary"), {"-tlsHostCheck", "-n", "50", "-flushSize", "4"}),
               pki.side("standby"));
  expect_same_log_on_both_sides(run, 50, kTlsFlushBytes);
  EXPECT_EQ(tls_line(run.primary_out),
            "TLSv1.3 TLS_AES_256_GCM_SHA384, peer verified (CN=standby.test, issued by "
            "CN=simhadr test CA)");
  EXPECT_EQ(tls_line(run.standby_out),
            "TLSv1.3 TLS_AES_256_GCM_SHA384, peer verified (CN=primary.test, issued by "
            "CN=simhadr test CA)");
}

// Two sides that cannot agree: each ends, fails with one line, and says why.
struct TlsMismatch {
  std::string name;
  std::vector<std::string> primary, standby;  // beyond the run's own options
  std::string primary_says, standby_says;
};

void PrintTo(const TlsMismatch& refusal, std::ostream* out) {
  *out << refusal.name;
}

class TlsRefusal : public Tls, public ::testing::WithParamInterface<TlsMismatch> {};

TEST_P(TlsRefusal, BothSidesEndWithinTheBoundSayingWhy) {
  const Pki pki;
  const TlsMismatch& refusal = GetParam();
  // Certificate arguments name files by role; the table names them by certificate.
  const auto resolved = [&](const std::vector<std::string>& args) {
    std::vector<std::string> out;
    for (const std::string& arg : args) {
      out.push_back(arg.ends_with(".pem") || arg.ends_with(".key") ? pki.file(arg) : arg);
    }
    return out;
  };
  const std::vector<std::string> bound = {"-connectTimeout", "10"};
  ChildProcess primary(concat(concat(primary_args("127.0.0.1", "0"), {"-t", "30"}),
                              concat(bound, resolved(refusal.primary))));
  ChildProcess standby(concat(concat(standby_args("127.0.0.1", listening_port(primary)), bound),
                              resolved(refusal.standby)));
  // Well inside the 30 s run and 10 s connect bound, plus a loaded machine's slack.
  EXPECT_EQ(primary.wait(25s), 1) << primary.out();
  EXPECT_EQ(standby.wait(25s), 1) << standby.out();
  expect_one_line_naming(primary.err(), refusal.primary_says);
  expect_one_line_naming(standby.err(), refusal.standby_says);
}

std::vector<std::string> side_files(const std::string& certificate, const std::string& ca) {
  return {"-tlsCert", certificate + ".pem", "-tlsKey", certificate + ".key", "-tlsCA", ca + ".pem"};
}

INSTANTIATE_TEST_SUITE_P(
    Table, TlsRefusal,
    ::testing::Values(
        TlsMismatch{
            "StandbyCertificateFromAnotherCa", side_files("primary", "ca"),
            side_files("stranger", "ca"),
            "the standby's certificate (CN=stranger.test), issued by CN=another CA, was not "
            "signed by a CA in -tlsCA",
            "the primary does not trust the CA that signed this side's certificate"},
        TlsMismatch{
            "PrimaryCertificateFromAnotherCa", side_files("stranger", "ca"),
            side_files("standby", "ca"),
            "the standby does not trust the CA that signed this side's certificate",
            "the primary's certificate (CN=stranger.test), issued by CN=another CA, was not "
            "signed by a CA in -tlsCA"},
        TlsMismatch{"HostNameMismatch", concat(side_files("primary", "ca"), {"-tlsHostCheck"}),
                    side_files("elsewhere", "ca"),
                    "the standby's certificate (CN=elsewhere.test) does not name '127.0.0.1' "
                    "(-tlsHostCheck)",
                    "the primary refused this side's certificate (sslv3 alert bad certificate), "
                    "though it trusts its CA: most often its -tlsHostCheck"},
        TlsMismatch{"PlainStandby",
                    {"-tls"},
                    {},
                    "the standby closed the connection during the TLS",
                    "the primary speaks TLS"},
        TlsMismatch{"PlainPrimary",
                    {},
                    {"-tls"},
                    "the standby speaks TLS",
                    "the primary does not speak TLS"},
        TlsMismatch{"NoCommonVersion",
                    {"-tls", "-tlsVersion", "1.3"},
                    {"-tls", "-tlsVersion", "1.2"},
                    "share no TLS version",
                    "share no TLS version"},
        TlsMismatch{"NoCommonVersionTheOtherWay",
                    {"-tls", "-tlsVersion", "1.2"},
                    {"-tls", "-tlsVersion", "1.3"},
                    "share no TLS version",
                    "share no TLS version"}),
    [](const ::testing::TestParamInfo<TlsMismatch>& info) { return info.param.name; });

// Mistakes in a side's own files end that side before it connects, with one line.
void expect_standby_refuses(const Pki& pki, const std::string& certificate, const std::string& key,
                            const std::string& words) {
  ChildProcess standby(concat(standby_args("127.0.0.1", "1"),
                              {"-tlsCert", pki.file(certificate), "-tlsKey", pki.file(key)}));
  EXPECT_EQ(standby.wait(20s), 1);
  expect_one_line_naming(standby.err(), words);
}

TEST_F(Tls, AKeyThatIsNotTheCertificatesOrAFileWithoutACertificateIsNamed) {
  const Pki pki;
  expect_standby_refuses(pki, "standby.pem", "primary.key",
                         "is not the key of the certificate in -tlsCert");
  expect_standby_refuses(pki, "standby.key", "standby.key", "no PEM certificate in it");
}

// -model -tls: the cipher's cost per GB, given or measured here, charged to
// each flush on both sides; the report and -json say which.
TEST(TlsModel, AGivenCostIsChargedToBothSidesAndNamedWhenItLimits) {
  const fs::path document = scratch_file("tls", "model.json");
  // 2 s per GB: a flush of 65536 bytes takes 131.072 us to encrypt, the only cost modelled.
  ChildProcess model({"-model", "-tls", "-tlsCost", "2", "-syncMode", "ASYNC", "-n", "1000",
                      "-json", document.string()});
  ASSERT_EQ(model.wait(20s), 0) << model.err();
  const std::string out = model.out();
  EXPECT_NE(out.find("TLS: modelled, 2.000000 CPU seconds per GB of log encrypting on this side "
                     "(given with -tlsCost)."),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("TLS: modelled, 2.000000 CPU seconds per GB of log decrypting on this side "
                     "(given with -tlsCost)."),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("Bottleneck: sender CPU: TLS: encrypting each flush of 65536 bytes takes the "
                     "primary 0.000131 s of CPU (500.000000 MBytes/sec)"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("ASYNC: Total 65536000 bytes in 0.131072 seconds, 500.000000 MBytes/sec"),
            std::string::npos)
      << out;
  expect_valid_json(document.string());
  const json runs = json::parse(text_of(document))["runs"];
  for (const json& side : runs) {
    EXPECT_EQ(side["tls"]["cost_seconds_per_gb"], 2.0);
    EXPECT_EQ(side["tls"]["cost_source"], "given");
  }
}

// A comma pair: encrypting's figure on the primary, decrypting's on the standby.
TEST(TlsModel, AGivenPairChargesEachSideItsOwn) {
  // 1 s per GB encrypting, 4 decrypting: the standby's 262.144 us a flush of 65536 bytes sets the
  // pace.
  ChildProcess model({"-model", "-tls", "-tlsCost", "1,4", "-syncMode", "ASYNC", "-n", "1000"});
  ASSERT_EQ(model.wait(20s), 0) << model.err();
  const std::string out = model.out();
  for (const char* line :
       {"TLS: modelled, 1.000000 CPU seconds per GB of log encrypting on this side "
        "(given with -tlsCost).",
        "TLS: modelled, 4.000000 CPU seconds per GB of log decrypting on this side "
        "(given with -tlsCost).",
        "Bottleneck: receiver CPU: TLS: decrypting"}) {
    EXPECT_NE(out.find(line), std::string::npos) << line << "\n" << out;
  }
}

TEST_F(Tls, ModelMeasuresTheCipherOnThisHostWithTheRunsVersion) {
  ChildProcess model({"-model", "-tls", "-tlsVersion", "1.2", "-syncMode", "SYNC", "-n", "100"});
  ASSERT_EQ(model.wait(20s), 0) << model.err();
  const std::regex measured(
      R"(TLS: modelled, (\d+\.\d+) CPU seconds per GB of log encrypting on this side \(TLSv1\.2 TLS_ECDHE_\w+, measured on this host at start-up\)\.)");
  std::smatch m;
  const std::string out = model.out();
  ASSERT_TRUE(std::regex_search(out, m, measured)) << out;
  EXPECT_GT(std::stod(m[1]), 0.0);
}

// Our x86_64 build and another of ours (SIMHADR_PEER: the s390x cross build
// under qemu-user in CI), encrypted, both ways round.
TEST_F(Tls, AnotherBuildOfOursInteroperatesBothWays) {
  const char* peer = std::getenv("SIMHADR_PEER");
  if (!peer || !*peer) GTEST_SKIP() << "SIMHADR_PEER is not set (a cross build's simhadr-emulated)";
  const Pki pki;
  for (const bool ours_primary : {true, false}) {
    ChildProcess primary(
        concat(primary_args("127.0.0.1", "0"),
               concat(pki.side("primary"),
                      {"-tlsHostCheck", "-n", "100", "-syncMode", "SYNC", "-flushSize", "4"})),
        ours_primary ? binary_under_test() : peer);
    ChildProcess standby(
        concat(standby_args("127.0.0.1", listening_port(primary)), pki.side("standby")),
        ours_primary ? peer : binary_under_test());
    const PairRun run = finish(primary, standby);
    expect_same_log_on_both_sides(run, 100, kTlsFlushBytes);
    EXPECT_TRUE(tls_line(run.primary_out)
                    .starts_with("TLSv1.3 TLS_AES_256_GCM_SHA384, peer "
                                 "verified (CN=standby.test"))
        << run.primary_out;
    EXPECT_TRUE(tls_line(run.standby_out)
                    .starts_with("TLSv1.3 TLS_AES_256_GCM_SHA384, peer "
                                 "verified (CN=primary.test"))
        << run.standby_out;
  }
}

}  // namespace
}  // namespace simhadr::e2e
