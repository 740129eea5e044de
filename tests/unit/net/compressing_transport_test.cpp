// -compress's transport between two ends of an in-memory connection: bytes
// pass unchanged until each side begins; then the primary's log goes
// compressed and counts as sent only once all of its piece went, the
// standby's restores it into whatever space it is given, acks pass as they
// are, and both sides count the same log and wire bytes.
#include "net/compressing_transport.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <string>
#include <vector>

#include "compress/codec.hpp"
#include "payload/payload_sample.hpp"

namespace simhadr {
namespace {

struct Pipe {
  std::deque<char> bytes;
  bool closed = false;
  std::uint64_t carried = 0;
};

// One end: writes into `out`, reads from `in`. Each send takes at most the
// front of `room` (0: would block) while there is one; each receive takes at
// most most_per_recv.
class PipeEnd final : public Transport {
 public:
  PipeEnd(Pipe& out, Pipe& in) : out_(out), in_(in) {}
  std::deque<std::size_t> room;
  std::size_t most_per_recv = SIZE_MAX;

  IoStep send_some(std::span<const char> data) override {
    std::size_t taken = data.size();
    if (!room.empty()) {
      taken = std::min(taken, room.front());
      room.pop_front();
      if (taken == 0) return {0, true};
    }
    out_.bytes.insert(out_.bytes.end(), data.begin(), data.begin() + taken);
    out_.carried += taken;
    return {taken, false};
  }
  IoStep recv_some(std::span<char> into) override {
    if (in_.bytes.empty()) return {0, !in_.closed};
    const std::size_t taken = std::min({into.size(), in_.bytes.size(), most_per_recv});
    std::copy_n(in_.bytes.begin(), taken, into.begin());
    in_.bytes.erase(in_.bytes.begin(), in_.bytes.begin() + taken);
    return {taken, false};
  }
  bool wait_writable(Nanos) override { return true; }
  bool wait_readable(Nanos) override { return !in_.bytes.empty() || in_.closed; }
  void close() override { out_.closed = true; }

 private:
  Pipe& out_;
  Pipe& in_;
};

constexpr CompressionChoice kZstd{Compressor::Zstd, 1};

class CompressingPair : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!make_stream_compressor(kZstd)) GTEST_SKIP() << "this build has no zstd";
  }
  void begin() {
    primary_.compress_sends(make_stream_compressor(kZstd), kZstd);
    standby_.restore_receives(make_stream_decompressor(kZstd.compressor), kZstd);
  }
  // Sends as Link::send_all does: the same bytes again after a would-block.
  void send_all(std::span<const char> data) {
    while (!data.empty()) {
      const IoStep step = primary_.send_some(data);
      if (step.bytes == 0) {
        ASSERT_TRUE(step.would_block);
        ++would_blocks_;
        continue;
      }
      data = data.subspan(step.bytes);
    }
  }
  std::string receive(std::size_t bytes, std::size_t space) {
    std::string received;
    std::vector<char> into(space);
    while (received.size() < bytes) {
      const IoStep step =
          standby_.recv_some(std::span(into).first(std::min(space, bytes - received.size())));
      if (step.bytes == 0 && !step.would_block) break;
      received.append(into.data(), step.bytes);
      if (step.bytes == 0 && !standby_.wait_readable(Nanos{0})) break;
    }
    return received;
  }

  Pipe to_standby_;
  Pipe to_primary_;
  PipeEnd primary_end_{to_standby_, to_primary_};
  PipeEnd standby_end_{to_primary_, to_standby_};
  CompressingTransport primary_{primary_end_};
  CompressingTransport standby_{standby_end_};
  int would_blocks_ = 0;
};

TEST_F(CompressingPair, BytesPassUnchangedUntilBothBegin) {
  const std::string handshake = "syncMode=ASYNC\n";
  send_all(handshake);
  EXPECT_EQ(to_standby_.carried, handshake.size());
  EXPECT_EQ(receive(handshake.size(), 64), handshake);
  EXPECT_FALSE(primary_.facts());
  EXPECT_FALSE(standby_.facts());
}

TEST_F(CompressingPair, TheLogGoesCompressedAndComesBackWhole) {
  begin();
  const std::vector<char> log = payload_sample({PayloadKind::Dots, {}}, 16 * 65536);
  primary_end_.room = {0, 10, 0, 7, 100};  // a send buffer that fills now and then
  for (std::size_t i = 0; i < 16; ++i) send_all(std::span(log).subspan(i * 65536, 65536));
  EXPECT_GT(would_blocks_, 0);
  standby_end_.most_per_recv = 333;
  const std::string restored = receive(log.size(), 4096);
  EXPECT_EQ(restored, std::string(log.begin(), log.end()));

  const CompressionFacts sent = *primary_.facts();
  const CompressionFacts received = *standby_.facts();
  EXPECT_EQ(sent.choice, kZstd);
  EXPECT_EQ(sent.source, CompressionSource::Measured);
  EXPECT_EQ(sent.log_bytes, log.size());
  EXPECT_EQ(received.log_bytes, log.size());
  EXPECT_EQ(sent.wire_bytes, to_standby_.carried);
  EXPECT_EQ(received.wire_bytes, to_standby_.carried);
  EXPECT_GT(sent.ratio(), 100.0);
}

TEST_F(CompressingPair, AcksPassAsTheyAre) {
  begin();
  const std::string ack = "ack message";
  ASSERT_EQ(standby_.send_some(ack).bytes, ack.size());
  std::vector<char> into(64);
  const IoStep step = primary_.recv_some(into);
  EXPECT_EQ(std::string(into.data(), step.bytes), ack);
  EXPECT_EQ(standby_.facts()->wire_bytes, 0u);
}

TEST_F(CompressingPair, ReadableWhileTheDecompressorHoldsMore) {
  begin();
  const std::vector<char> log = payload_sample({PayloadKind::Dots, {}}, 65536);
  send_all(log);
  std::vector<char> into(100);
  EXPECT_EQ(standby_.recv_some(into).bytes, 100u);
  EXPECT_TRUE(to_standby_.bytes.empty());  // all of the little it took on the wire came at once
  EXPECT_TRUE(standby_.wait_readable(Nanos{0}));
  EXPECT_EQ(receive(log.size() - 100, 1000).size(), log.size() - 100);
  // Once a receive found nothing more, it waits for the wire again.
  const IoStep nothing = standby_.recv_some(into);
  EXPECT_EQ(nothing.bytes, 0u);
  EXPECT_TRUE(nothing.would_block);
  EXPECT_FALSE(standby_.wait_readable(Nanos{0}));
}

TEST_F(CompressingPair, APeerThatClosedIsSeenOnceAllIsRestored) {
  begin();
  const std::vector<char> log = payload_sample({}, 65536);
  send_all(log);
  primary_.close();
  EXPECT_EQ(receive(log.size(), 4096).size(), log.size());
  std::vector<char> into(64);
  const IoStep end = standby_.recv_some(into);
  EXPECT_EQ(end.bytes, 0u);
  EXPECT_FALSE(end.would_block);
}

}  // namespace
}  // namespace simhadr
