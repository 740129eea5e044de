#pragma once
// The first bytes of a TLS record, so a side can say it met TLS where it
// expected simhadr's own bytes (and the other way round). A TLS record starts
// with its content type (20 to 23), then major version 3 and a minor of 0 to 4;
// simhadr's handshake starts with the ASCII text "syncMode=", which cannot.
#include <array>
#include <cstddef>
#include <span>

namespace simhadr {

inline constexpr std::size_t kTlsRecordHeaderBytes = 5;

inline bool looks_like_tls_record(std::span<const char> bytes) {
  if (bytes.size() < 3) return false;
  const auto at = [&](std::size_t i) { return static_cast<unsigned char>(bytes[i]); };
  return at(0) >= 20 && at(0) <= 23 && at(1) == 3 && at(2) <= 4;
}

// A fatal protocol_version alert in a TLS 1.2 record: what a TLS standby
// sends a primary that spoke plain bytes, so that primary can name TLS.
inline constexpr std::array<char, 7> kTlsProtocolVersionAlert{0x15, 0x03, 0x03, 0x00,
                                                              0x02, 0x02, 0x46};

}  // namespace simhadr
