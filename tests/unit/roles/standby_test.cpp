// The standby against a scripted primary: whatever the chunking of the byte
// stream, the flushes, acks and writes (one per flush) come out the same.
#include "roles/standby.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "fakes/fake_clock.hpp"
#include "fakes/fake_primary_link.hpp"
#include "simhadr/wire/flush_codec.hpp"
#include "simhadr/wire/handshake.hpp"

namespace simhadr {
namespace {

using testing::FakeClock;
using testing::FakePrimaryLink;

std::string primary_stream(SyncMode mode, std::uint32_t pages, int flushes) {
  const auto handshake = encode_handshake({mode, pages, "2026-11-30_00:00:00_UTC"});
  std::string stream(handshake.begin(), handshake.end());
  const FlushImage image(pages);
  for (int i = 0; i < flushes; ++i)
    stream.append(image.flush(pages).begin(), image.flush(pages).end());
  return stream;
}

struct StandbyRun {
  StandbyRun(SyncMode mode, std::uint32_t pages, int flushes, std::size_t chunk,
             std::optional<DiskParams> disk_params = std::nullopt,
             std::optional<std::uint32_t> buffer_pages = std::nullopt)
      : StandbyRun(primary_stream(mode, pages, flushes), chunk, disk_params, buffer_pages) {}

  StandbyRun(std::string stream, std::size_t chunk,
             std::optional<DiskParams> disk_params = std::nullopt,
             std::optional<std::uint32_t> buffer_pages = std::nullopt)
      : clock(&events),
        link(std::move(stream), chunk, events),
        log(output, false),
        measured(link, clock, stop, log),
        disk(disk_params ? std::unique_ptr<DiskModel>(new LinearDisk(*disk_params))
                         : std::unique_ptr<DiskModel>(new InstantDisk())) {
    StandbyPlan plan;
    plan.buffer_pages = buffer_pages;
    plan.settings.disk = disk_params;
    Standby standby(plan, *disk, measured, clock, stop, log);
    outcome = standby.run();
  }

  std::vector<std::string> events;
  FakeClock clock;
  FakePrimaryLink link;
  std::ostringstream output;
  RunLog log;
  StopSource stop;
  Link measured;
  std::unique_ptr<DiskModel> disk;
  RoleOutcome outcome;
};

class StandbyChunking : public ::testing::TestWithParam<std::size_t> {};

TEST_P(StandbyChunking, SameFlushesAcksAndOneWritePerFlushWhateverTheChunkSize) {
  StandbyRun run(SyncMode::NearSync, 4, 25, GetParam());
  const RunResult& r = run.outcome.result;
  EXPECT_EQ(run.outcome.end, RunEnd::Completed);
  EXPECT_EQ(r.flushes.calls, 25u);
  EXPECT_EQ(r.flushes.bytes, 25 * 4 * kPageBytes);
  EXPECT_EQ(r.recvs.bytes, 25 * 4 * kPageBytes);
  EXPECT_EQ(r.disk.bytes, 25 * 4 * kPageBytes);
  EXPECT_EQ(r.disk.calls, 25u);
  EXPECT_EQ(r.write_bytes.view().min, 4 * kPageBytes);
  EXPECT_EQ(r.write_bytes.view().max, 4 * kPageBytes);
  EXPECT_EQ(run.link.acks().size(), 25 * kAckBytes);
  EXPECT_EQ(r.sends.bytes, 25 * kAckBytes);
  EXPECT_NE(run.output.str().find("Zero byte received. Remote end closed connection."),
            std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Chunks, StandbyChunking,
                         ::testing::Values(1, 4095, 4096, 7 * 4096, 1 << 20));

TEST(Standby, AsyncSendsNoAcks) {
  StandbyRun run(SyncMode::Async, 2, 10, 5000);
  EXPECT_EQ(run.outcome.result.flushes.calls, 10u);
  EXPECT_TRUE(run.link.acks().empty());
  EXPECT_EQ(run.outcome.result.sends.calls, 0u);
}

TEST(Standby, SyncAcksOnlyAfterTheFlushIsWritten) {
  // One flush per receive, as a SYNC primary sends the next only after the ack.
  StandbyRun run(SyncMode::Sync, 2, 3, 2 * kPageBytes, DiskParams{100.0_MBps, 0.001});
  std::vector<std::string> without_recv;
  for (const auto& e : run.events) {
    if (e != "recv") without_recv.push_back(e);
  }
  const std::string write =
      fmt::format("sleep {}", LinearDisk({100.0_MBps, 0.001}).io_time(8192).count());
  EXPECT_EQ(without_recv, (std::vector<std::string>{write, "ack", write, "ack", write, "ack"}));
}

TEST(Standby, NearSyncAcksOnReceiptBeforeWriting) {
  StandbyRun run(SyncMode::NearSync, 2, 1, 1 << 20, DiskParams{100.0_MBps, 0.001});
  // The handshake comes in two receives (its first bytes alone, to tell TLS
  // from plain), then the flush.
  ASSERT_GE(run.events.size(), 5u);
  EXPECT_EQ(run.events[2], "recv");
  EXPECT_EQ(run.events[3], "ack");
  EXPECT_EQ(run.events[4].substr(0, 5), "sleep");
}

TEST(Standby, BufferDefaultsToFourFlushesAndHonoursHadrBufSize) {
  StandbyRun by_default(SyncMode::Async, 16, 1, 1 << 20);
  EXPECT_NE(by_default.output.str().find("Standby receive buffer size 64 pages (262144 bytes)"),
            std::string::npos);
  StandbyRun sized(SyncMode::Async, 16, 3, 1 << 20, std::nullopt, 24);
  EXPECT_NE(sized.output.str().find("Standby receive buffer size 24 pages (98304 bytes)"),
            std::string::npos);
  EXPECT_EQ(sized.outcome.end, RunEnd::Completed);
  EXPECT_EQ(sized.outcome.result.flushes.calls, 3u);
}

TEST(Standby, ABufferSmallerThanTheHandshakesFlushIsRefused) {
  StandbyRun run(SyncMode::Async, 16, 3, 1 << 20, std::nullopt, 8);
  EXPECT_EQ(run.outcome.end, RunEnd::Failed);
  EXPECT_NE(run.outcome.failure.find("-hadrBufSize 8"), std::string::npos) << run.outcome.failure;
  EXPECT_EQ(run.outcome.result.recv_bytes.count(), 0u);
}

std::string failure_of(std::string stream) {
  StandbyRun run(std::move(stream), 4096);
  EXPECT_EQ(run.outcome.end, RunEnd::Failed);
  return run.outcome.failure;
}

TEST(Standby, AGarbageHandshakeIsAProtocolError) {
  EXPECT_TRUE(failure_of(std::string(2048, 'x')).starts_with("protocol error: handshake"));
  EXPECT_TRUE(failure_of("GET / HTTP/1.1\r\nHost: standby\r\n\r\n" + std::string(1024, '\0'))
                  .starts_with("protocol error: handshake"));
}

TEST(Standby, AFlushLongerThanTheHandshakeSaysIsAProtocolError) {
  std::string stream = primary_stream(SyncMode::Async, 4, 2);
  const FlushImage longer(5);
  stream.append(longer.flush(5).begin(), longer.flush(5).end());
  StandbyRun run(stream, 4096);
  EXPECT_EQ(run.outcome.end, RunEnd::Failed);
  EXPECT_EQ(run.outcome.failure,
            "protocol error: page 4 of a flush has no end-of-flush marker, but the handshake "
            "said 4 pages a flush");
  EXPECT_EQ(run.outcome.result.flushes.calls, 2u);
}

TEST(Standby, AStreamCutInTheMiddleOfAFlushFailsAfterWritingTheWholeFlushesThatCame) {
  std::string stream = primary_stream(SyncMode::Async, 4, 3);
  stream.resize(stream.size() - kPageBytes - 100);
  StandbyRun run(stream, 1000);
  EXPECT_EQ(run.outcome.end, RunEnd::Failed);
  EXPECT_NE(run.outcome.failure.find("in the middle of a flush (12188 bytes of it arrived)"),
            std::string::npos)
      << run.outcome.failure;
  EXPECT_EQ(run.outcome.result.flushes.calls, 2u);
  // The two pages that came of the third flush are not written: a flush is written once all
  // of it is in.
  EXPECT_EQ(run.outcome.result.write_bytes.view().sum, 8 * kPageBytes);
}

TEST(Standby, AStreamThatEndsBetweenFlushesCompletes) {
  StandbyRun run(primary_stream(SyncMode::Async, 4, 3), 1000);
  EXPECT_EQ(run.outcome.end, RunEnd::Completed);
  EXPECT_TRUE(run.outcome.failure.empty());
}

}  // namespace
}  // namespace simhadr
