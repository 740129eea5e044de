// A primary with a principal and two auxiliary standbys on loopback
// (127.0.0.1, .2 and .3): every standby gets whole flushes and exactly the
// bytes the primary reports shipping to it; an auxiliary that stops reading
// falls behind without holding the primary, then catches up.
#include <gtest/gtest.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <regex>
#include <thread>

#include "pair_run.hpp"
#include "two_hosts.hpp"

namespace simhadr::e2e {
namespace {

using namespace std::chrono_literals;
using nlohmann::json;

constexpr std::uint64_t kFlushBytes = 16 * 4096;

struct AuxiliarySection {
  std::uint64_t sent_bytes = 0;
  std::uint64_t flushes = 0;
  std::uint64_t end_lag_bytes = 0;
  std::uint64_t end_queued_bytes = 0;
  std::uint64_t worst_lag_bytes = 0;
};

// The primary's section for auxiliary standby `number` (2 or 3).
std::optional<AuxiliarySection> auxiliary_section(const std::string& report, int number) {
  std::smatch m;
  const std::regex section(
      "Auxiliary standby " + std::to_string(number) +
      R"( \([^)]*\), SUPERASYNC:\nTotal (\d+) bytes sent in [\d.]+ seconds\. [\d.]+ MBytes/sec, (\d+) flushes, [\d.]+% of the primary's outbound bytes\nTotal \d+ send calls, \d+ congestions, [\d.]+ seconds\nBehind at the end: (\d+) bytes \((\d+) in the send queue\), \d+ flushes, [\d.]+ seconds of log\nBehind at worst:   (\d+) bytes)");
  if (!std::regex_search(report, m, section)) return std::nullopt;
  return AuxiliarySection{std::stoull(m[1]), std::stoull(m[2]), std::stoull(m[3]),
                          std::stoull(m[4]), std::stoull(m[5])};
}

std::vector<std::string> standby_on(const std::string& address, const std::string& port,
                                    const std::string& program = binary_under_test()) {
  const bool ours = program == binary_under_test();
  // Ours binds to its -lhost address (the kernel picks the port); the original refuses -lport 0
  // and connects from the address the route gives, which on loopback is 127.0.0.1.
  std::vector<std::string> args = {"-role",          "standby", "-lhost",    address,  "-lport",
                                   ours ? "0" : "1", "-rhost",  "127.0.0.1", "-rport", port};
  if (ours) args.push_back("-bind");
  return args;
}

std::vector<std::string> primary_of_three(const std::vector<std::string>& extra) {
  return concat({"-role", "primary", "-lhost", "127.0.0.1", "-lport", "0", "-rhost",
                 "127.0.0.1,127.0.0.2,127.0.0.3", "-rport", "1,2,3"},
                extra);
}

class ThreeStandbys : public ::testing::TestWithParam<std::string> {};

TEST_P(ThreeStandbys, EveryStandbyGetsWholeFlushesAndTheBytesThePrimaryShippedToIt) {
  ChildProcess primary(primary_of_three(
      {"-syncMode", GetParam(), "-n", "600", "-target", "100", "-interval", "0.2"}));
  const std::string port = listening_port(primary);
  std::vector<std::unique_ptr<ChildProcess>> standbys;
  for (const char* address : {"127.0.0.1", "127.0.0.2", "127.0.0.3"}) {
    standbys.push_back(std::make_unique<ChildProcess>(standby_on(address, port)));
  }
  ASSERT_EQ(primary.wait(kRunBound), 0) << primary.out() << primary.err();
  std::vector<ParsedReport> received;
  for (auto& standby : standbys) {
    ASSERT_EQ(standby->wait(kRunBound), 0) << standby->out() << standby->err();
    received.push_back(parse_report(standby->out()).value_or(ParsedReport{}));
  }
  const std::string report = primary.out();
  const ParsedReport principal = parse_report(report).value_or(ParsedReport{});
  EXPECT_EQ(principal.mode, GetParam());
  EXPECT_EQ(principal.flushes, 600U);
  EXPECT_EQ(received[0].recv_bytes, principal.sent_bytes);
  EXPECT_EQ(received[0].mode, GetParam());
  for (int number : {2, 3}) {
    const auto section = auxiliary_section(report, number);
    ASSERT_TRUE(section) << report;
    const ParsedReport& standby = received[number - 1];
    EXPECT_EQ(standby.mode, "SUPERASYNC");
    EXPECT_EQ(standby.recv_bytes, section->sent_bytes);
    EXPECT_EQ(section->sent_bytes, section->flushes * kFlushBytes);
    EXPECT_EQ(standby.flushes, section->flushes);
    // What its TCP acknowledged plus what it was behind by is everything the primary wrote.
    EXPECT_EQ(section->sent_bytes - section->end_queued_bytes + section->end_lag_bytes,
              principal.log_bytes);
    EXPECT_LE(section->end_lag_bytes, section->worst_lag_bytes);
  }
  // Each -interval line gives both auxiliaries' lag.
  EXPECT_TRUE(std::regex_search(
      report, std::regex(R"(Interval [^\n]*, standby 2 behind \d+ bytes [\d.]+ s, standby 3 )"
                         R"(behind \d+ bytes [\d.]+ s\n)")))
      << report;
}

INSTANTIATE_TEST_SUITE_P(PrincipalModes, ThreeStandbys,
                         ::testing::Values("SYNC", "NEARSYNC", "ASYNC", "SUPERASYNC"));

TEST(MultiStandby, TwoStandbysOnOneHostAreToldApartByTheirPort) {
  // Two ports from two blocks, so they differ; each standby binds its own (-bind).
  const std::string principal_port = std::to_string(private_port(PortBlock::StandbyFirst));
  const std::string auxiliary_port = std::to_string(private_port(PortBlock::NoListener));
  ChildProcess primary({"-role", "primary", "-lhost", "127.0.0.1", "-lport", "0", "-rhost",
                        "127.0.0.2,127.0.0.2", "-rport", principal_port + "," + auxiliary_port,
                        "-syncMode", "NEARSYNC", "-n", "200"});
  const std::string port = listening_port(primary);
  // The auxiliary connects first; the port, not the order, makes it standby 2.
  const auto on = [&](const std::string& own_port) {
    return std::vector<std::string>{"-role",  "standby", "-lhost", "127.0.0.2",
                                    "-lport", own_port,  "-rhost", "127.0.0.1",
                                    "-rport", port,      "-bind"};
  };
  ChildProcess auxiliary(on(auxiliary_port));
  ASSERT_TRUE(primary.wait_for_output("Auxiliary standby 2", 10s)) << primary.out();
  ChildProcess principal(on(principal_port));
  ASSERT_EQ(primary.wait(kRunBound), 0) << primary.out() << primary.err();
  ASSERT_EQ(principal.wait(kRunBound), 0) << principal.err();
  ASSERT_EQ(auxiliary.wait(kRunBound), 0) << auxiliary.err();
  EXPECT_EQ(parse_report(principal.out()).value_or(ParsedReport{}).mode, "NEARSYNC");
  EXPECT_EQ(parse_report(auxiliary.out()).value_or(ParsedReport{}).mode, "SUPERASYNC");
}

TEST(MultiStandby, AnAuxiliaryThatStopsReadingFallsBehindThenCatchesUp) {
  ChildProcess primary(
      concat({"-role", "primary", "-lhost", "127.0.0.1", "-lport", "0", "-rhost",
              "127.0.0.1,127.0.0.2", "-rport", "1,2"},
             {"-syncMode", "ASYNC", "-t", "4", "-target", "40", "-interval", "0.5"}));
  const std::string port = listening_port(primary);
  ChildProcess principal(standby_on("127.0.0.1", port));
  ChildProcess auxiliary(standby_on("127.0.0.2", port));
  ASSERT_TRUE(primary.wait_for_output("Sending log flushes", 10s)) << primary.err();
  std::this_thread::sleep_for(700ms);
  auxiliary.send_signal(SIGSTOP);
  std::this_thread::sleep_for(1500ms);
  auxiliary.send_signal(SIGCONT);
  ASSERT_EQ(primary.wait(kRunBound), 0) << primary.out() << primary.err();
  ASSERT_EQ(principal.wait(kRunBound), 0) << principal.err();
  ASSERT_EQ(auxiliary.wait(kRunBound), 0) << auxiliary.err();
  const std::string report = primary.out();
  const auto section = auxiliary_section(report, 2);
  ASSERT_TRUE(section) << report;
  // 1.5 s at 40 MB/s is 60 MB; the two socket buffers between them hold a few MB at most.
  EXPECT_GT(section->worst_lag_bytes, 20'000'000U) << report;
  EXPECT_LT(section->end_lag_bytes, section->worst_lag_bytes) << report;
  const ParsedReport received = parse_report(auxiliary.out()).value_or(ParsedReport{});
  EXPECT_EQ(received.recv_bytes, section->sent_bytes);
  // The lag grew while it was stopped: some interval shows more than 10 MB behind.
  std::smatch m;
  std::uint64_t most_behind = 0;
  const std::regex lag(R"(standby 2 behind (\d+) bytes)");
  for (auto it = std::sregex_iterator(report.begin(), report.end(), lag);
       it != std::sregex_iterator(); ++it) {
    most_behind = std::max<std::uint64_t>(most_behind, std::stoull((*it)[1]));
  }
  EXPECT_GT(most_behind, 10'000'000U) << report;
}

TEST(MultiStandby, TheOriginalStandbyPlaysThePrincipalAndAnAuxiliary) {
  const char* reference = std::getenv("SIMHADR_REF");
  if (reference == nullptr) {
    GTEST_SKIP() << "SIMHADR_REF is not set: give it the original simhadr_linux to run it as a "
                    "principal and an auxiliary standby";
  }
  ASSERT_EQ(::access(reference, X_OK), 0) << "SIMHADR_REF=" << reference << " is not executable";
  // Standby 1 on 127.0.0.1 is the original; standby 2 on 127.0.0.2 is ours. Then the other way,
  // with the original as the auxiliary on 127.0.0.1 and ours as the principal on 127.0.0.2.
  for (const bool original_principal : {true, false}) {
    const std::string principal_host = original_principal ? "127.0.0.1" : "127.0.0.2";
    const std::string auxiliary_host = original_principal ? "127.0.0.2" : "127.0.0.1";
    ChildProcess primary(concat({"-role", "primary", "-lhost", "127.0.0.1", "-lport", "0", "-rhost",
                                 principal_host + "," + auxiliary_host, "-rport", "1,2"},
                                {"-syncMode", "NEARSYNC", "-n", "300", "-target", "50"}));
    const std::string port = listening_port(primary);
    const std::string principal_program = original_principal ? reference : binary_under_test();
    const std::string auxiliary_program = original_principal ? binary_under_test() : reference;
    ChildProcess principal(standby_on(principal_host, port, principal_program), principal_program);
    ChildProcess auxiliary(standby_on(auxiliary_host, port, auxiliary_program), auxiliary_program);
    ASSERT_EQ(primary.wait(kRunBound), 0) << primary.out() << primary.err();
    principal.wait(kRunBound);
    auxiliary.wait(kRunBound);
    const std::string report = primary.out();
    const ParsedReport shipped = parse_report(report).value_or(ParsedReport{});
    const ParsedReport principal_got = parse_report(principal.out()).value_or(ParsedReport{});
    EXPECT_EQ(principal_got.recv_bytes, shipped.sent_bytes) << principal.out();
    EXPECT_EQ(principal_got.mode, "NEARSYNC");
    const auto section = auxiliary_section(report, 2);
    ASSERT_TRUE(section) << report;
    const ParsedReport auxiliary_got = parse_report(auxiliary.out()).value_or(ParsedReport{});
    EXPECT_EQ(auxiliary_got.recv_bytes, section->sent_bytes) << auxiliary.out();
    EXPECT_EQ(auxiliary_got.mode, "SUPERASYNC");
  }
}

json model_document(const std::vector<std::string>& args) {
  const std::filesystem::path doc = scratch_file("multi-standby", "model.json");
  ChildProcess run(concat(concat({"-model", "-syncMode", "ASYNC"}, args), {"-json", doc.string()}));
  EXPECT_EQ(run.wait(kRunBound), 0) << run.err();
  EXPECT_EQ(expect_valid_json(doc.string()), 1u);
  std::ifstream in(doc);
  return json::parse(in);
}

TEST(MultiStandbyModel, ThreeStreamsShareAFullUplinkEvenlyAndTheAdvisorSaysSo) {
  const json doc = model_document({"-rhost", "a,b,c", "-uplinkRate", "12.5", "-t", "10"});
  const json& primary = doc["runs"][0];
  const double payload = 12.5 * 1448 / 1538;
  const double principal = primary["send"]["mbytes_per_sec"].get<double>();
  EXPECT_NEAR(principal, payload / 3, payload / 3 * 0.01);
  ASSERT_EQ(primary["auxiliary_standbys"].size(), 2u);
  double sum = principal;
  for (const json& auxiliary : primary["auxiliary_standbys"]) {
    EXPECT_NEAR(auxiliary["mbytes_per_sec"].get<double>(), payload / 3, payload / 3 * 0.01);
    EXPECT_NEAR(auxiliary["share_of_outbound"].get<double>(), 1.0 / 3, 0.01);
    sum += auxiliary["mbytes_per_sec"].get<double>();
  }
  EXPECT_NEAR(sum, payload, payload * 0.01);
  EXPECT_EQ(primary["bottleneck"]["resource"], "shared uplink");
}

TEST(MultiStandbyModel, ASlowDisasterRecoveryLinkFallsBehindAtTheLogsRateLessItsOwn) {
  // 20 MB/s of log; the auxiliary's 5 MB/s link carries 4.71 MB/s of it.
  const json doc = model_document({"-rhost", "pr,dr", "-netRate", "1000,5", "-netDelay",
                                   "0.0001,0.02", "-target", "20", "-t", "10", "-interval", "1"});
  const json& auxiliary = doc["runs"][0]["auxiliary_standbys"][0];
  const double falls_behind = 20.0 - 5.0 * 1448 / 1538;
  const double lag = auxiliary["lag_at_end"]["bytes"].get<double>() / 1e6;
  EXPECT_NEAR(lag, falls_behind * 10, falls_behind * 10 * 0.05);
  EXPECT_GE(auxiliary["worst_lag"]["bytes"], auxiliary["lag_at_end"]["bytes"]);
  // The oldest log it lacks is about lag / log rate old.
  EXPECT_NEAR(auxiliary["lag_at_end"]["log_seconds"].get<double>(), lag / 20, lag / 20 * 0.1);
  std::uint64_t previous = 0;
  for (const json& interval : doc["runs"][0]["intervals"]) {
    const std::uint64_t behind = interval["auxiliary_lag"][0]["bytes"];
    EXPECT_GT(behind, previous);
    previous = behind;
  }
  // The principal is not held back by it.
  EXPECT_NEAR(doc["runs"][0]["log"]["mbytes_per_sec"].get<double>(), 20.0, 0.2);
}

struct SiteRun {
  std::string primary_out;
  std::vector<ParsedReport> standbys;
};

// An ASYNC primary and its principal plus `auxiliaries` standbys across the site's bridge.
SiteRun run_site(const Site& site, std::size_t auxiliaries) {
  std::string hosts = Site::standby_address(0);
  std::string ports = "47001";
  for (std::size_t i = 1; i <= auxiliaries; ++i) {
    hosts.append(",").append(Site::standby_address(i));
    ports.append(",47001");
  }
  ChildProcess primary(
      TwoHosts::inside(site.primary(), binary_under_test(),
                       {"-role", "primary", "-lhost", Site::kPrimaryAddress, "-lport", "47000",
                        "-rhost", hosts, "-rport", ports, "-syncMode", "ASYNC", "-t", "2"}),
      TwoHosts::launcher());
  primary.wait_listening(47000, 5s);
  std::vector<std::unique_ptr<ChildProcess>> standbys;
  for (std::size_t i = 0; i <= auxiliaries; ++i) {
    standbys.push_back(std::make_unique<ChildProcess>(
        TwoHosts::inside(site.standby(i), binary_under_test(),
                         {"-role", "standby", "-lhost", Site::standby_address(i), "-lport", "47001",
                          "-rhost", Site::kPrimaryAddress, "-rport", "47000"}),
        TwoHosts::launcher()));
  }
  SiteRun run;
  EXPECT_EQ(primary.wait(kRunBound), 0) << primary.out() << primary.err();
  run.primary_out = primary.out();
  for (auto& standby : standbys) {
    EXPECT_EQ(standby->wait(kRunBound), 0) << standby->out() << standby->err();
    run.standbys.push_back(parse_report(standby->out()).value_or(ParsedReport{}));
  }
  return run;
}

TEST(MultiStandbySite, ThroughABridgeEveryStandbyGetsWhatThePrimaryShippedToIt) {
  if (const auto why = TwoHosts::unavailable()) GTEST_SKIP() << *why;
  const Site site("100mbit");
  for (std::size_t auxiliaries = 0; auxiliaries <= 2; ++auxiliaries) {
    SCOPED_TRACE(auxiliaries);
    const SiteRun run = run_site(site, auxiliaries);
    const ParsedReport principal = parse_report(run.primary_out).value_or(ParsedReport{});
    ASSERT_EQ(run.standbys.size(), auxiliaries + 1);
    EXPECT_EQ(run.standbys[0].recv_bytes, principal.sent_bytes);
    EXPECT_EQ(principal.sent_bytes, principal.log_bytes);
    for (std::size_t i = 1; i <= auxiliaries; ++i) {
      const auto section = auxiliary_section(run.primary_out, static_cast<int>(i + 1));
      ASSERT_TRUE(section) << run.primary_out;
      EXPECT_EQ(run.standbys[i].recv_bytes, section->sent_bytes);
      EXPECT_EQ(section->sent_bytes, section->flushes * kFlushBytes);
      EXPECT_EQ(section->sent_bytes - section->end_queued_bytes + section->end_lag_bytes,
                principal.log_bytes);
    }
    // The principal's TCP paced at its share of the 100 Mbit/s uplink.
    expect_bottleneck(run.primary_out, "network bandwidth: ");
    EXPECT_EQ(run.primary_out.find("Uplink: ") != std::string::npos, auxiliaries > 0);
    // Its own path's pace, or its share of one the streams share: the run cannot tell which.
    EXPECT_EQ(
        run.primary_out.find("in all, with its auxiliary standbys: whether this link is the "
                             "principal's own or an uplink the streams share") != std::string::npos,
        auxiliaries > 0)
        << run.primary_out;
  }
}

}  // namespace
}  // namespace simhadr::e2e
