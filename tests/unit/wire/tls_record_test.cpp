#include "simhadr/wire/tls_record.hpp"

#include <gtest/gtest.h>

#include <string_view>

#include "simhadr/wire/handshake.hpp"

namespace simhadr {
namespace {

std::span<const char> bytes(std::string_view text) {
  return {text.data(), text.size()};
}

TEST(TlsRecord, AClientHelloAndAnAlertLookLikeTls) {
  // A ClientHello's record as OpenSSL sends it (TLS 1.0 in the record layer),
  // and a TLS 1.2 application-data record.
  EXPECT_TRUE(looks_like_tls_record(bytes(std::string_view("\x16\x03\x01\x02\x00", 5))));
  EXPECT_TRUE(looks_like_tls_record(bytes(std::string_view("\x17\x03\x03\x40\x11", 5))));
  EXPECT_TRUE(looks_like_tls_record(kTlsProtocolVersionAlert));
}

TEST(TlsRecord, SimhadrsHandshakeInEveryModeDoesNot) {
  for (const SyncMode mode :
       {SyncMode::Sync, SyncMode::NearSync, SyncMode::Async, SyncMode::SuperAsync}) {
    const auto message = encode_handshake({mode, 16, "2026-12-03_06:00:44_UTC"});
    EXPECT_FALSE(looks_like_tls_record(std::span(message).first(kTlsRecordHeaderBytes)));
  }
}

TEST(TlsRecord, TooFewBytesOrAnotherProtocolDoNot) {
  EXPECT_FALSE(looks_like_tls_record(bytes(std::string_view("\x16\x03", 2))));
  EXPECT_FALSE(looks_like_tls_record(bytes("GET / HTTP/1.1")));
  EXPECT_FALSE(looks_like_tls_record(bytes(std::string_view("\x18\x03\x03\x00\x01", 5))));
  EXPECT_FALSE(looks_like_tls_record(bytes(std::string_view("\x16\x02\x00\x00\x01", 5))));
}

}  // namespace
}  // namespace simhadr
