#include "simhadr/wire/handshake.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <string>

#include "simhadr/wire/flush_codec.hpp"

namespace simhadr {
namespace {

std::array<char, kHandshakeBytes> message_of(std::string_view text) {
  std::array<char, kHandshakeBytes> message{};
  std::ranges::copy(text, message.begin());
  return message;
}

TEST(Handshake, EncodesTheOriginalTextPaddedWithNulsTo1024Bytes) {
  const HandshakeParams params{SyncMode::NearSync, 16, "2026-11-30_04:10:38_UTC"};
  const auto message = encode_handshake(params);
  const std::string expected =
      "syncMode=NEARSYNC\nflushSize=16\nconnTime=2026-11-30_04:10:38_UTC\n";
  EXPECT_EQ(std::string(message.data(), expected.size()), expected);
  EXPECT_TRUE(std::all_of(message.begin() + static_cast<std::ptrdiff_t>(expected.size()),
                          message.end(), [](char c) { return c == '\0'; }));
  EXPECT_EQ(message.size(), 1024u);
}

TEST(Handshake, EveryModeTravelsUpperCaseAndRoundTrips) {
  for (const SyncMode mode :
       {SyncMode::Sync, SyncMode::NearSync, SyncMode::Async, SyncMode::SuperAsync}) {
    const HandshakeParams params{mode, 256, "2026-01-02_03:04:05_CET"};
    EXPECT_EQ(decode_handshake(encode_handshake(params)), params);
  }
  EXPECT_EQ(handshake_text({SyncMode::SuperAsync, 1, "x"}),
            "syncMode=SUPERASYNC\nflushSize=1\nconnTime=x\n");
}

TEST(Handshake, DecodesTheOriginalsMessage) {
  const auto params = decode_handshake(
      message_of("syncMode=SYNC\nflushSize=2\nconnTime=2026-11-30_04:10:52_UTC\n"));
  EXPECT_EQ(params.mode, SyncMode::Sync);
  EXPECT_EQ(params.flush_pages, 2u);
  EXPECT_EQ(params.conn_time, "2026-11-30_04:10:52_UTC");
}

TEST(Handshake, RefusesMalformedMessages) {
  const char* bad[] = {
      "",
      "syncMode=SYNC\n",
      "flushSize=16\n",
      "syncMode=FAST\nflushSize=16\n",
      "syncMode=SYNC\nflushSize=0\n",
      "syncMode=SYNC\nflushSize=99999999\n",
      "syncMode=SYNC\nflushSize=16x\n",
      "syncMode=SYNC\nflushSize=-1\n",
      "syncMode=SYNC\nflushSize=16",
      "GET / HTTP/1.1\r\nHost: x\r\n\r\n",
      "syncMode=SYNC\nnonsense\nflushSize=16\n",
      "syncMode=SYNC\nflushSize=16\n",
      "syncMode=SYNC\nflushSize=16\nconnTime=x\nlogRate=5\n",
      "syncMode=SYNC\nflushSize=16\nflushSize=4096\nconnTime=x\n",
      "syncMode=SYNC\nflushSize=16\nconnTime=x",
      "syncMode=sync\nflushSize=16\nconnTime=x\n\n",
  };
  for (const char* text : bad) {
    EXPECT_THROW(decode_handshake(message_of(text)), ProtocolError) << text;
  }
}

TEST(Handshake, OnlyAKnownFieldAndItsEqualsSignMayBeginOne) {
  for (const std::string_view first :
       {"syncM", "syncMode=", "flush", "conn", "standbySockSndBuf="}) {
    EXPECT_TRUE(may_begin_handshake(first)) << first;
  }
  for (const std::string_view first :
       {"HTTP/", "GET /", "SSH-2", "syncMode:", "flushSizeX", "\x16\x03\x01"}) {
    EXPECT_FALSE(may_begin_handshake(first)) << first;
  }
}

TEST(Handshake, RefusesBytesAfterThePaddingBegins) {
  auto message = message_of("syncMode=SYNC\nflushSize=16\n");
  message[1000] = 'x';
  EXPECT_THROW(decode_handshake(message), ProtocolError);
  std::array<char, kHandshakeBytes> full;
  full.fill('.');
  EXPECT_THROW(decode_handshake(full), ProtocolError);
}

TEST(Handshake, ConnTimeHasTheOriginalsShape) {
  const std::string text = format_conn_time(std::chrono::system_clock::now());
  ASSERT_GE(text.size(), 21u);
  EXPECT_EQ(text[4], '-');
  EXPECT_EQ(text[10], '_');
  EXPECT_EQ(text[13], ':');
  EXPECT_EQ(text[19], '_');
}

TEST(Handshake, StandbySettingsTravelAsExtraLinesOnlyWhenAskedFor) {
  HandshakeParams params{SyncMode::Async, 16, "2026-11-30_04:10:38_UTC", {}};
  EXPECT_EQ(handshake_text(params),
            "syncMode=ASYNC\nflushSize=16\nconnTime=2026-11-30_04:10:38_UTC\n");
  params.standby = {131072, 262144, 64};
  EXPECT_EQ(handshake_text(params),
            "syncMode=ASYNC\nflushSize=16\nconnTime=2026-11-30_04:10:38_UTC\n"
            "standbySockSndBuf=131072\nstandbySockRcvBuf=262144\nstandbyHadrBufSize=64\n");
  EXPECT_EQ(decode_handshake(encode_handshake(params)), params);
  EXPECT_THROW(decode_handshake(message_of("syncMode=SYNC\nflushSize=16\nconnTime=x\n"
                                           "standbyHadrBufSize=0\n")),
               ProtocolError);
}

TEST(Handshake, CompressionTravelsAsTheLastLineAndAsksForAnAnswer) {
  HandshakeParams params{SyncMode::Sync, 16, "2026-11-30_04:10:38_UTC", {}};
  EXPECT_FALSE(params.asks_for_answer());
  params.compress = CompressionChoice{Compressor::Lz4, 3};
  EXPECT_TRUE(params.asks_for_answer());
  EXPECT_EQ(handshake_text(params),
            "syncMode=SYNC\nflushSize=16\nconnTime=2026-11-30_04:10:38_UTC\ncompress=lz4:3\n");
  EXPECT_EQ(decode_handshake(encode_handshake(params)), params);
  for (const char* value : {"zstd:0", "zstd:20", "lzma:1", "zlib:", "zstd:1x"}) {
    EXPECT_THROW(decode_handshake(message_of(
                     fmt::format("syncMode=SYNC\nflushSize=16\nconnTime=x\ncompress={}\n", value))),
                 ProtocolError)
        << value;
  }
}

TEST(Handshake, EveryAnswerIsSixteenBytesAndTheyDiffer) {
  const std::array answers{kSettingsApplied,    kSettingsNeedReconnect, kSettingsNotCompressing,
                           kSettingsOtherCodec, kCompressedOnly,        kAckMessage};
  for (std::size_t i = 0; i < answers.size(); ++i) {
    EXPECT_EQ(answers[i].size(), kSettingsReplyBytes);
    for (std::size_t j = 0; j < i; ++j) EXPECT_NE(answers[i], answers[j]);
  }
}

}  // namespace
}  // namespace simhadr
