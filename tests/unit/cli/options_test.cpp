#include "cli/options.hpp"
#include "cli/usage_error.hpp"
#include "compress/codec.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>

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
  EXPECT_DOUBLE_EQ(c.config.disk->rate.value(), 3.408714);
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
  EXPECT_EQ(*c.config.target, 10.0_MBps);
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
  EXPECT_EQ(c.config.as<DiskTestConfig>()->kind, DiskTestKind::WriteFile);
  EXPECT_EQ(c.config.as<DiskTestConfig>()->path, "/data/log");
  EXPECT_TRUE(c.config.as<DiskTestConfig>()->cache);
  EXPECT_EQ(c.config.as<DiskTestConfig>()->threads, 1u);
  c = parse({"-testDisk", "/data", "-preallocate", "-threads", "4"});
  EXPECT_EQ(c.config.as<DiskTestConfig>()->kind, DiskTestKind::Directory);
  EXPECT_TRUE(c.config.as<DiskTestConfig>()->preallocate);
  EXPECT_EQ(c.config.as<DiskTestConfig>()->threads, 4u);
  EXPECT_FALSE(c.config.flush_pages);  // no -flushSize: the fit across sizes
  c = parse({"-READ", "/data/log", "-preallocate"});
  EXPECT_EQ(c.config.as<DiskTestConfig>()->kind, DiskTestKind::ReadFile);
  EXPECT_FALSE(c.config.as<DiskTestConfig>()->preallocate);
  ASSERT_EQ(c.warnings.size(), 1u);
}

TEST(Options, DiskOptionsWithoutADiskTestAreWarnedAbout) {
  const Command c = parse({"-demo", "-cache", "-threads", "2"});
  EXPECT_EQ(c.action, Action::Demo);
  EXPECT_EQ(c.warnings.size(), 2u);
}

TEST(Options, WaitBoundsAndTheHostFilter) {
  Command c = parse(kPrimary);
  EXPECT_EQ(c.config.waits.connect, std::chrono::seconds(120));
  EXPECT_EQ(c.config.waits.stall, std::chrono::seconds(60));
  EXPECT_FALSE(c.config.socket.any_host);
  c = parse(primary_with({"-connectTimeout", "0", "-stallTimeout", "2.5", "-anyHost"}));
  EXPECT_EQ(c.config.waits.connect, Nanos{0});
  EXPECT_EQ(c.config.waits.stall, std::chrono::milliseconds(2500));
  EXPECT_TRUE(c.config.socket.any_host);
}

TEST(Options, ResultsAndTheLoop) {
  Command c = parse(primary_with({"-json", "-", "-csv", "runs.csv", "-interval", "0.5",
                                  "-standbySockRcvBuf", "262144", "-standbyHadrBufSize", "64"}));
  EXPECT_EQ(*c.config.json_path, "-");
  EXPECT_EQ(*c.config.csv_path, "runs.csv");
  EXPECT_EQ(*c.config.interval, std::chrono::milliseconds(500));
  EXPECT_EQ(c.config.standby_request.receive_buffer, 262144);
  EXPECT_EQ(c.config.standby_request.buffer_pages, 64u);
  EXPECT_FALSE(c.config.standby_request.send_buffer);
  c = parse(
      {"-role", "standby", "-loop", "-lhost", "a", "-lport", "1", "-rhost", "b", "-rport", "2"});
  EXPECT_TRUE(c.config.serves_many_runs());
  EXPECT_EQ(c.config.waits.connect, Nanos{0});  // a persistent standby waits for the next primary
  EXPECT_EQ(parse({"-write", "f", "-interval", "1"}).warnings.size(), 1u);
}

TEST(Options, TheStandbyWarnsAboutAnyHost) {
  const Command c = parse(
      {"-role", "standby", "-lhost", "a", "-lport", "1", "-rhost", "b", "-rport", "2", "-anyHost"});
  ASSERT_EQ(c.warnings.size(), 1u);
  EXPECT_NE(c.warnings[0].find("-anyHost"), std::string::npos);
}

TEST(Options, AReceiveBufferOfAtLeastOneFlushIsAccepted) {
  EXPECT_EQ(
      *parse(primary_with({"-flushSize", "16", "-hadrBufSize", "16"})).config.standby_buffer_pages,
      16u);
}

TEST(Options, ThePayloadIsIncompressibleUnlessAskedOtherwise) {
  EXPECT_EQ(parse(kPrimary).config.payload.kind, PayloadKind::Incompressible);
  EXPECT_EQ(parse(primary_with({"-payload", "dots"})).config.payload.kind, PayloadKind::Dots);
  EXPECT_EQ(parse({"-write", "/data/log", "-payload", "incompressible"}).config.payload.kind,
            PayloadKind::Incompressible);
}

TEST(Options, APayloadWhereNoBytesAreWrittenIsNamedAndIgnored) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"-read", "/data/log", "-payload", "/no/such/S0000001.LOG"},
        std::vector<std::string>{"-testSleep", "1", "-payload", "/no/such/S0000001.LOG"}}) {
    const Command c = parse(args);
    ASSERT_EQ(c.warnings.size(), 1u) << args.front();
    EXPECT_TRUE(c.warnings[0].starts_with("-payload ")) << c.warnings[0];
  }
}

// -model ships no bytes, but measures a payload it is given for the advisor's what-if.
TEST(Options, AModelMeasuresANamedPayload) {
  const Command named = parse({"-model", "-disk", "100", "0", "-payload", "dots"});
  EXPECT_TRUE(named.warnings.empty());
  EXPECT_EQ(named.config.payload.kind, PayloadKind::Dots);
  EXPECT_TRUE(named.config.probes_payload());
  EXPECT_FALSE(parse({"-model", "-disk", "100", "0"}).config.probes_payload());
}

TEST(Options, PayloadFilesAreKeptInOrderWithTheirSizes) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() /
      ("simhadr-options-" +
       std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
  std::filesystem::create_directories(dir);
  const std::filesystem::path first = dir / "simhadr-options-S0000001.LOG";
  const std::filesystem::path second = dir / "simhadr-options-S0000002.LOG";
  const std::filesystem::path empty = dir / "simhadr-options-empty.LOG";
  std::ofstream(first) << std::string(5000, 'a');
  std::ofstream(second) << std::string(12, 'b');
  std::ofstream{empty};
  const Command c = parse(primary_with({"-payload", second.string(), first.string()}));
  ASSERT_EQ(c.config.payload.kind, PayloadKind::Files);
  ASSERT_EQ(c.config.payload.files.size(), 2u);
  EXPECT_EQ(c.config.payload.files[0], (PayloadFile{second.string(), 12}));
  EXPECT_EQ(c.config.payload.files[1], (PayloadFile{first.string(), 5000}));
  EXPECT_EQ(c.config.payload.file_bytes(), 5012u);
  // A standby takes its pages from the primary: the option is noted and ignored, and the
  // primary's files need not be on the standby's host.
  const Command standby = parse({"-role", "standby", "-lhost", "a", "-lport", "1", "-rhost", "b",
                                 "-rport", "2", "-payload", "/no/such/S0000001.LOG"});
  ASSERT_EQ(standby.warnings.size(), 1u);
  EXPECT_NE(standby.warnings[0].find("-payload"), std::string::npos);
  try {
    parse(primary_with({"-payload", first.string(), empty.string()}));
    ADD_FAILURE() << "an empty file was taken";
  } catch (const UsageError& error) {
    EXPECT_NE(std::string(error.what()).find("is empty"), std::string::npos) << error.what();
  }
  // -write truncates its file first: the payload would be gone before it was read.
  try {
    parse({"-write", (dir / "." / first.filename()).string(), "-payload", first.string()});
    ADD_FAILURE() << "a payload that -write writes over was taken";
  } catch (const UsageError& error) {
    EXPECT_NE(std::string(error.what()).find("writes over"), std::string::npos) << error.what();
  }
  std::filesystem::remove_all(dir);
}

bool built(Compressor compressor) {
  return make_stream_decompressor(compressor) != nullptr;
}

TEST(Options, CompressTakesACodecAndALevelOnBothSides) {
  if (!built(Compressor::Zstd) || !built(Compressor::Lz4) || !built(Compressor::Zlib)) {
    GTEST_SKIP() << "this build lacks a compressor (the Windows build has zlib alone)";
  }
  const Command primary = parse(primary_with({"-compress", "zstd"}));
  ASSERT_TRUE(primary.config.compress);
  EXPECT_EQ(*primary.config.compress, (CompressionChoice{Compressor::Zstd, 1}));
  EXPECT_EQ(*parse(primary_with({"-compress", "zlib"})).config.compress,
            (CompressionChoice{Compressor::Zlib, 6}));
  EXPECT_EQ(*parse(primary_with({"-compress", "lz4:9"})).config.compress,
            (CompressionChoice{Compressor::Lz4, 9}));
  const Command standby = parse({"-role", "standby", "-lhost", "a", "-lport", "1", "-rhost", "b",
                                 "-rport", "2", "-compress", "zstd"});
  EXPECT_TRUE(standby.config.compress);
  EXPECT_TRUE(standby.warnings.empty());
  for (const char* bad : {"gzip", "zstd:0", "zstd:20", "zlib:10", "lz4:", "zstd:1:2"}) {
    try {
      parse(primary_with({"-compress", bad}));
      ADD_FAILURE() << bad << " was taken";
    } catch (const UsageError& error) {
      EXPECT_NE(std::string(error.what()).find("give zlib, lz4 or zstd"), std::string::npos)
          << error.what();
    }
  }
}

TEST(Options, CompressIsRefusedWithAuxiliariesAndIgnoredWhereNoLinkCarriesTheLog) {
  EXPECT_THROW(parse({"-role", "primary", "-lhost", "a", "-lport", "1", "-rhost", "b,c", "-rport",
                      "2,3", "-compress", "zstd"}),
               UsageError);
  const Command disk = parse({"-write", "/data/log", "-compress", "zstd"});
  ASSERT_EQ(disk.warnings.size(), 1u);
  EXPECT_TRUE(disk.warnings[0].starts_with("-compress ")) << disk.warnings[0];
  EXPECT_FALSE(disk.config.compress);
}

TEST(Options, ACompressorTheBuildLacksIsRefusedInOneLine) {
  for (const Compressor compressor : kCompressors) {
    if (built(compressor)) continue;
    const std::string name(compressor_name(compressor));
    try {
      parse(primary_with({"-compress", name}));
      ADD_FAILURE() << name << " was taken";
    } catch (const UsageError& error) {
      EXPECT_NE(std::string(error.what()).find("this build of simhadr has no " + name),
                std::string::npos)
          << error.what();
    }
  }
}

TEST(Options, ModelCompressTakesARatioWithCostsOrACodecToMeasure) {
  const Command ratio = parse({"-model", "-netRate", "12.5", "-compress", "2.5"});
  ASSERT_TRUE(ratio.config.modelled_compression);
  EXPECT_DOUBLE_EQ(ratio.config.modelled_compression->ratio, 2.5);
  EXPECT_FALSE(ratio.config.modelled_compression->probed);
  const Command costs = parse({"-model", "-compress", "3,1.5,0.4"});
  EXPECT_DOUBLE_EQ(costs.config.modelled_compression->compress_seconds_per_gb, 1.5);
  EXPECT_DOUBLE_EQ(costs.config.modelled_compression->decompress_seconds_per_gb, 0.4);
  // A codec measures the payload, which -model then reads.
  if (built(Compressor::Zlib)) {
    const Command codec =
        parse({"-model", "-netRate", "12.5", "-compress", "zlib", "-payload", "dots"});
    EXPECT_EQ(codec.config.modelled_compression->probed, (CompressionChoice{Compressor::Zlib, 6}));
    EXPECT_EQ(codec.config.payload.kind, PayloadKind::Dots);
    EXPECT_TRUE(codec.warnings.empty());
  }
  for (const std::vector<std::string>& bad :
       {std::vector<std::string>{"-model", "-netRate", "1", "-compress", "2.5,1"},
        std::vector<std::string>{"-model", "-netRate", "1", "-compress", "0"},
        std::vector<std::string>{"-model", "-compress", "2.5"}}) {
    EXPECT_THROW(parse(bad), UsageError) << bad.back();
  }
}

}  // namespace
}  // namespace simhadr
