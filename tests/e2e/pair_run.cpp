#include "pair_run.hpp"

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <regex>

namespace simhadr::e2e {

using namespace std::chrono_literals;

std::vector<std::string> concat(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

std::vector<std::string> primary_args(const std::string& host, const std::string& port) {
  return {"-role", "primary", "-lhost", host, "-lport", port, "-rhost", host, "-rport", "1"};
}

std::vector<std::string> standby_args(const std::string& host, const std::string& port) {
  return {"-role", "standby", "-lhost", host, "-lport", "0", "-rhost", host, "-rport", port};
}

std::string listening_port(const ChildProcess& primary) {
  EXPECT_TRUE(primary.wait_for_output("Listening on local host TCP port", 10s)) << primary.err();
  std::smatch m;
  const std::string out = primary.out();
  EXPECT_TRUE(std::regex_search(out, m, std::regex(R"(Listening on local host TCP port (\d+))")));
  return m[1];
}

PairRun finish(ChildProcess& primary, ChildProcess& standby) {
  PairRun run;
  run.primary_status = primary.wait(kRunBound).value_or(-1);
  run.standby_status = standby.wait(kRunBound).value_or(-1);
  run.primary_out = primary.out();
  run.standby_out = standby.out();
  run.primary_err = primary.err();
  run.standby_err = standby.err();
  run.primary = parse_report(run.primary_out).value_or(ParsedReport{});
  run.standby = parse_report(run.standby_out).value_or(ParsedReport{});
  return run;
}

PairRun run_pair(const std::vector<std::string>& primary_extra,
                 const std::vector<std::string>& standby_extra, const std::string& host) {
  ChildProcess primary(concat(primary_args(host, "0"), primary_extra));
  const std::string port = listening_port(primary);
  ChildProcess standby(concat(standby_args(host, port), standby_extra));
  return finish(primary, standby);
}

void expect_same_log_on_both_sides(const PairRun& run, std::uint64_t flushes,
                                   std::uint64_t flush_bytes) {
  EXPECT_EQ(run.primary_status, 0) << run.primary_err;
  EXPECT_EQ(run.standby_status, 0) << run.standby_err;
  EXPECT_EQ(run.primary.flushes, flushes);
  EXPECT_EQ(run.standby.flushes, flushes);
  EXPECT_EQ(run.primary.log_bytes, flushes * flush_bytes);
  EXPECT_EQ(run.standby.log_bytes, flushes * flush_bytes);
  EXPECT_EQ(run.primary.sent_bytes, run.standby.recv_bytes);
  EXPECT_EQ(run.primary.recv_bytes, run.standby.sent_bytes);
  EXPECT_EQ(run.primary.summary_lines_seen, 7);
  EXPECT_EQ(run.standby.summary_lines_seen, 7);
}

bool expect_bottleneck(const std::string& report, const std::string& expected) {
  std::smatch m;
  const bool found = std::regex_search(report, m, std::regex("\nBottleneck: ([^\n]*)"));
  EXPECT_TRUE(found) << report;
  if (!found) return false;
  const std::string verdict = m[1];
  if (verdict.starts_with(expected)) return true;
  std::smatch waited;
  const bool busy_host =
      std::regex_search(
          report, waited,
          std::regex(R"(waited for a CPU [\d.]+ seconds \(([\d.]+)% of the run\))")) &&
      std::stod(waited[1]) >= 25.0;
  // A sanitized binary spends several times a release build's CPU on each
  // flush: where that alone could explain the rate, the advisor rightly says
  // it cannot tell the sender's CPU from the wire (TSan, lz4 on a 100 Mbit/s link).
  const bool sanitized_ambiguity =
      binary_sanitized() && verdict.starts_with("sender CPU: ") &&
      verdict.find("the wire and the CPU cannot be told apart") != std::string::npos;
  EXPECT_TRUE((busy_host && verdict.starts_with("host CPU: ")) || sanitized_ambiguity)
      << "expected " << expected << "\n"
      << report;
  return false;
}

std::size_t expect_valid_json(const std::string& path) {
  ChildProcess validator(
      {std::string(SIMHADR_SOURCE_DIR) + "/tests/json/validate.py",
       std::string(SIMHADR_SOURCE_DIR) + "/docs/simhadr-result.schema.json", path},
      "/usr/bin/python3");
  EXPECT_EQ(validator.wait(60s), 0) << validator.out() << validator.err();
  const std::string out = validator.out();
  std::smatch m;
  if (!std::regex_search(out, m, std::regex(R"(^valid (\d+))"))) {
    ADD_FAILURE() << out;
    return 0;
  }
  return std::stoul(m[1]);
}

bool ipv6_loopback_available() {
  const int fd = ::socket(AF_INET6, SOCK_STREAM, 0);
  if (fd < 0) return false;
  sockaddr_in6 address{};
  address.sin6_family = AF_INET6;
  address.sin6_addr = in6addr_loopback;
  const bool ok = ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
  ::close(fd);
  return ok;
}

std::filesystem::path scratch_file(const std::string& dir, const std::string& name) {
  // A folder of the test's own: tests run in parallel, and two of them may give the same name.
  const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
  const std::string owner =
      test ? std::string(test->test_suite_name()) + "." + test->name() : std::string("outside");
  const std::filesystem::path folder = std::filesystem::path(SIMHADR_SCRATCH_DIR) / dir /
                                       std::regex_replace(owner, std::regex("/"), "_");
  std::filesystem::create_directories(folder);
  const std::filesystem::path path = folder / name;
  std::filesystem::remove(path);
  return path;
}

void expect_one_line_naming(const std::string& err, const std::string& needle) {
  EXPECT_TRUE(err.starts_with("simhadr: error: ")) << err;
  EXPECT_EQ(std::ranges::count(err, '\n'), 1) << err;
  EXPECT_NE(err.find(needle), std::string::npos) << "wanted: " << needle << "\ngot: " << err;
}

std::string log_like_records_file(const std::string& name) {
  const auto path =
      std::filesystem::temp_directory_path() / (name + "-" + std::to_string(::getpid()));
  std::ofstream out(path, std::ios::binary);
  for (int record = 0; record < 40000; ++record) {
    out << "UPDATE ACCOUNT " << record << " SET BALANCE " << record * 7919 % 100003 << " TX "
        << record / 3 << '\n';
  }
  return path.string();
}

}  // namespace simhadr::e2e
