#include "cli/options.hpp"

#include <gtest/gtest.h>

#include <chrono>

namespace simhadr {
namespace {

Command parse(std::vector<std::string> args) {
  return parse_command_line(args);
}

const std::vector<std::string> kPrimary{"-role", "primary", "-lhost",    "127.0.0.1", "-lport",
                                        "47000", "-rhost",  "127.0.0.1", "-rport",    "47001"};

std::vector<std::string> primary_with(std::vector<std::string> extra) {
  std::vector<std::string> args = kPrimary;
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

TEST(Options, TheOriginalsCommandLineParses) {
  const Command c = parse(primary_with(
      {"-t", "2", "-syncmode", "SYNC", "-disk", "3.408714", "0.000056", "-flushsize", "2"}));
  EXPECT_EQ(c.action, Action::Primary);
  EXPECT_EQ(c.config.local.host, "127.0.0.1");
  EXPECT_EQ(c.config.local.port, 47000);
  EXPECT_EQ(c.config.remote.port, 47001);
  EXPECT_EQ(*c.config.run_seconds, 2.0);
  EXPECT_EQ(*c.config.sync_mode, SyncMode::Sync);
  EXPECT_EQ(*c.config.flush_pages, 2u);
  EXPECT_DOUBLE_EQ(c.config.disk->mbytes_per_sec, 3.408714);
  EXPECT_DOUBLE_EQ(c.config.disk->overhead_seconds, 0.000056);
}

TEST(Options, DefaultsFollowTheOriginal) {
  const Command c = parse(kPrimary);
  EXPECT_EQ(c.config.effective_sync_mode(), SyncMode::NearSync);
  EXPECT_EQ(c.config.effective_flush_pages(), 16u);
  EXPECT_EQ(*c.config.effective_run_seconds(), 4.0);
  EXPECT_FALSE(c.config.disk);
  EXPECT_FALSE(c.config.socket.nagle);
  EXPECT_FALSE(c.config.socket.blocking);
  EXPECT_FALSE(c.config.verbose);
  EXPECT_EQ(c.config.args, kPrimary);
}

TEST(Options, AFlushCountAloneBoundsTheRun) {
  const Command c = parse(primary_with({"-n", "3"}));
  EXPECT_EQ(*c.config.max_flushes, 3u);
  EXPECT_FALSE(c.config.effective_run_seconds());
}

TEST(Options, NamesAndKeywordsAreCaseInsensitive) {
  for (const char* spelling :
       {"-flushSize", "-flushsize", "-FLUSHSIZE", "--flushSize", "--flush-size", "-flush_size"}) {
    const Command c = parse(primary_with({spelling, "8"}));
    EXPECT_EQ(*c.config.flush_pages, 8u) << spelling;
  }
  EXPECT_EQ(*parse(primary_with({"-SYNCMODE", "superasync"})).config.sync_mode,
            SyncMode::SuperAsync);
  EXPECT_EQ(parse({"-ROLE", "Standby", "-LHOST", "h", "-LPORT", "1", "-RHOST", "h", "-RPORT", "2"})
                .action,
            Action::Standby);
  EXPECT_TRUE(parse(primary_with({"-Verbose", "-NAGLE", "-Block"})).config.socket.nagle);
}

TEST(Options, RolesTakePAndS) {
  auto args = kPrimary;
  args[1] = "P";
  EXPECT_EQ(parse(args).action, Action::Primary);
  args[1] = "s";
  EXPECT_EQ(parse(args).action, Action::Standby);
}

TEST(Options, UniquePrefixesAbbreviate) {
  const Command c =
      parse(primary_with({"-sync", "async", "-flush", "4", "-hadr", "64", "-tar", "10", "-verb"}));
  EXPECT_EQ(*c.config.sync_mode, SyncMode::Async);
  EXPECT_EQ(*c.config.flush_pages, 4u);
  EXPECT_EQ(*c.config.target_mbytes_per_sec, 10.0);
  EXPECT_TRUE(c.config.verbose);
}

TEST(Options, NameEqualsValueWorks) {
  EXPECT_EQ(*parse(primary_with({"--flushSize=32"})).config.flush_pages, 32u);
  EXPECT_EQ(*parse(primary_with({"-n=7"})).config.max_flushes, 7u);
}

TEST(Options, SocketAndStandbyOptions) {
  const Command c = parse({"-role", "S", "-lhost", "a", "-lport", "1", "-rhost", "b", "-rport", "2",
                           "-sockSndBuf", "65536", "-sockRcvBuf", "131072", "-hadrBufSize", "128",
                           "-bind", "-spin", "0.0001"});
  EXPECT_EQ(*c.config.socket.send_buffer, 65536);
  EXPECT_EQ(*c.config.socket.receive_buffer, 131072);
  EXPECT_EQ(*c.config.standby_buffer_pages, 128u);
  EXPECT_TRUE(c.config.socket.bind_local);
  EXPECT_DOUBLE_EQ(*c.config.spin_seconds, 0.0001);
  EXPECT_TRUE(c.warnings.empty());
}

TEST(Options, RcuShipsAsSuperAsync) {
  EXPECT_EQ(parse(primary_with({"-rcu"})).config.effective_sync_mode(), SyncMode::SuperAsync);
}

TEST(Options, OtherActions) {
  EXPECT_EQ(parse({"-h"}).action, Action::Help);
  EXPECT_EQ(parse({"--help"}).action, Action::Help);
  EXPECT_EQ(parse({"-version"}).action, Action::Version);
  EXPECT_EQ(parse({"-demo"}).action, Action::Demo);
  EXPECT_EQ(parse({"-demo", "-syncmode", "sync", "-n", "5"}).config.sync_mode, SyncMode::Sync);
  EXPECT_EQ(parse({"-testSleep", "0.001"}).action, Action::SleepTest);
}

TEST(Options, PrimaryOptionsOnTheStandbyAreWarnedAboutNotRefused) {
  const Command c = parse({"-role", "standby", "-lhost", "a", "-lport", "1", "-rhost", "b",
                           "-rport", "2", "-syncmode", "SYNC", "-flushSize", "2"});
  EXPECT_EQ(c.action, Action::Standby);
  ASSERT_EQ(c.warnings.size(), 2u);
  EXPECT_NE(c.warnings[0].find("-syncMode"), std::string::npos);
}

TEST(Options, DiskTests) {
  Command c = parse({"-write", "/data/log", "-flushSize", "2", "-t", "2", "-cache"});
  EXPECT_EQ(c.action, Action::DiskTest);
  EXPECT_EQ(c.config.disk_test->kind, DiskTestKind::WriteFile);
  EXPECT_EQ(c.config.disk_test->path, "/data/log");
  EXPECT_TRUE(c.config.disk_test->cache);
  EXPECT_EQ(c.config.disk_test->threads, 1u);
  c = parse({"-testDisk", "/data", "-preallocate", "-threads", "4"});
  EXPECT_EQ(c.config.disk_test->kind, DiskTestKind::Directory);
  EXPECT_TRUE(c.config.disk_test->preallocate);
  EXPECT_EQ(c.config.disk_test->threads, 4u);
  EXPECT_FALSE(c.config.flush_pages);  // no -flushSize: the fit across sizes
  c = parse({"-READ", "/data/log", "-preallocate"});
  EXPECT_EQ(c.config.disk_test->kind, DiskTestKind::ReadFile);
  EXPECT_FALSE(c.config.disk_test->preallocate);
  ASSERT_EQ(c.warnings.size(), 1u);
}

TEST(Options, DiskOptionsWithoutADiskTestAreWarnedAbout) {
  const Command c = parse({"-demo", "-cache", "-threads", "2"});
  EXPECT_EQ(c.action, Action::Demo);
  EXPECT_EQ(c.warnings.size(), 2u);
}

struct Refusal {
  std::vector<std::string> args;
  std::string must_mention;
};

class RefusedCommandLines : public ::testing::TestWithParam<Refusal> {};

TEST_P(RefusedCommandLines, OneLineNamingTheOption) {
  const Refusal& refusal = GetParam();
  const auto start = std::chrono::steady_clock::now();
  try {
    parse(refusal.args);
    FAIL() << "accepted";
  } catch (const UsageError& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find(refusal.must_mention), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
}

std::vector<Refusal> refusals() {
  std::vector<Refusal> list = {
      {{"-foo"}, "-foo"},
      {{"-s", "1"}, "ambiguous"},
      {{}, "nothing to do"},
      {{"-role", "primary"}, "-lhost"},
      {{"-role", "x", "-lhost", "a", "-lport", "1", "-rhost", "b", "-rport", "2"}, "-role"},
      {{"-demo", "-role", "primary"}, "-demo"},
      {{"-demo", "-disk", "5"}, "-disk"},
      {{"-demo", "-disk", "0", "0.001"}, "-disk"},
      {{"-demo", "-disk", "50", "-1"}, "-disk"},
      {{"-demo", "stray"}, "stray"},
      {{"-demo", "-flushSize"}, "flushSize"},
      {{"-write", "a", "-read", "b"}, "only one of"},
      {{"-testDisk", "d", "-demo"}, "on its own"},
      {{"-write", "a", "-role", "primary"}, "on its own"},
      {{"-read", "a", "-threads", "2"}, "-threads"},
      {{"-write", "a", "-threads", "0"}, "-threads"},
      {{"-write", "a", "-threads", "65"}, "-threads"},
      {{"-write"}, "write"},
      {{"-write", ""}, "file or directory"},
  };
  const std::vector<std::pair<std::string, std::string>> bad_values = {
      {"-flushSize", "0"},
      {"-flushSize", "-5"},
      {"-flushSize", "16x"},
      {"-flushSize", "010x"},
      {"-flushSize", "1e3"},
      {"-flushSize", "99999999"},
      {"-flushSize", ""},
      {"-hadrBufSize", "0"},
      {"-n", "0"},
      {"-n", "-1"},
      {"-n", "abc"},
      {"-t", "0"},
      {"-t", "-2"},
      {"-t", "nan"},
      {"-t", "inf"},
      {"-t", "2s"},
      {"-target", "0"},
      {"-target", "-1"},
      {"-sockSndBuf", "-1"},
      {"-sockSndBuf", "0"},
      {"-sockRcvBuf", "x"},
      {"-sockRcvBuf", "99999999999"},
      {"-spin", "-0.1"},
      {"-spin", "5"},
      {"-syncMode", "fast"},
      {"-lport", "65536"},
      {"-lport", "-1"},
      {"-lport", "http"},
      {"-rport", "0"},
      {"-testSleep", "0"},
      {"-testSleep", "1000"},
  };
  for (const auto& [option, value] : bad_values) {
    list.push_back({primary_with({option, value}), option});
  }
  return list;
}

INSTANTIATE_TEST_SUITE_P(Table, RefusedCommandLines, ::testing::ValuesIn(refusals()));

}  // namespace
}  // namespace simhadr
