// The standby against a scripted primary: whatever the chunking of the byte
// stream, the flushes, acks and whole-page writes come out the same.
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
             std::optional<DiskParams> disk_params = std::nullopt, StandbyPlan plan = {})
      : clock(&events),
        link(primary_stream(mode, pages, flushes), chunk, events),
        log(output, false),
        measured(link, clock, stop, log),
        disk(disk_params ? std::unique_ptr<DiskModel>(new LinearDisk(*disk_params))
                         : std::unique_ptr<DiskModel>(new InstantDisk())) {
    plan.disk = disk_params;
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

TEST_P(StandbyChunking, SameFlushesAcksAndWholePageWritesWhateverTheChunkSize) {
  StandbyRun run(SyncMode::NearSync, 4, 25, GetParam());
  const RunResult& r = run.outcome.result;
  EXPECT_EQ(run.outcome.end, RunEnd::Completed);
  EXPECT_EQ(r.flushes.calls, 25u);
  EXPECT_EQ(r.flushes.bytes, 25 * 4 * kPageBytes);
  EXPECT_EQ(r.recvs.bytes, 25 * 4 * kPageBytes);
  EXPECT_EQ(r.disk.bytes, 25 * 4 * kPageBytes);
  EXPECT_EQ(r.write_bytes.view().max % kPageBytes, 0u);
  for (const auto& row : r.write_bytes.view().rows) EXPECT_EQ(row.low % kPageBytes, 0u);
  EXPECT_LE(r.write_bytes.view().max, 4 * kPageBytes);
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
  StandbyRun run(SyncMode::Sync, 2, 3, 2 * kPageBytes, DiskParams{100.0, 0.001});
  std::vector<std::string> without_recv;
  for (const auto& e : run.events) {
    if (e != "recv") without_recv.push_back(e);
  }
  const std::string write =
      fmt::format("sleep {}", LinearDisk({100.0, 0.001}).io_time(8192).count());
  EXPECT_EQ(without_recv, (std::vector<std::string>{write, "ack", write, "ack", write, "ack"}));
}

TEST(Standby, NearSyncAcksOnReceiptBeforeWriting) {
  StandbyRun run(SyncMode::NearSync, 2, 1, 1 << 20, DiskParams{100.0, 0.001});
  ASSERT_GE(run.events.size(), 3u);
  EXPECT_EQ(run.events[1], "recv");
  EXPECT_EQ(run.events[2], "ack");
  EXPECT_EQ(run.events[3].substr(0, 5), "sleep");
}

TEST(Standby, BufferDefaultsToFourFlushesAndHonoursHadrBufSize) {
  StandbyRun by_default(SyncMode::Async, 16, 1, 1 << 20);
  EXPECT_NE(by_default.output.str().find("Standby receive buffer size 64 pages (262144 bytes)"),
            std::string::npos);
  StandbyRun sized(SyncMode::Async, 16, 3, 1 << 20, std::nullopt, {.buffer_pages = 8});
  EXPECT_NE(sized.output.str().find("Standby receive buffer size 8 pages (32768 bytes)"),
            std::string::npos);
  EXPECT_EQ(sized.outcome.result.flushes.calls, 3u);
  EXPECT_LE(sized.outcome.result.write_bytes.view().max, 8 * kPageBytes);
}

TEST(Standby, AGarbageHandshakeIsAProtocolError) {
  std::vector<std::string> events;
  FakeClock clock;
  FakePrimaryLink link(std::string(2048, 'x'), 4096, events);
  std::ostringstream output;
  RunLog log(output, false);
  StopSource stop;
  Link measured(link, clock, stop, log);
  InstantDisk disk;
  Standby standby({}, disk, measured, clock, stop, log);
  EXPECT_THROW(standby.run(), ProtocolError);
}

}  // namespace
}  // namespace simhadr
