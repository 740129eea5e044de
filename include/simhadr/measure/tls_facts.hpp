#pragma once
// What a TLS connection was: the version and cipher the two sides agreed on,
// whether this side verified the peer's certificate and whose it was, and how
// many bytes TLS added to what this side sent. A modelled run has instead the
// cipher's cost per GB it charged, and where that figure came from.
#include <cstdint>
#include <optional>
#include <string>

namespace simhadr {

struct TlsFacts {
  std::string version;  // "TLSv1.3"
  std::string cipher;   // IANA's name, as Db2's SSL_CIPHERSPECS: "TLS_AES_256_GCM_SHA384"
  bool peer_verified = false;
  std::string peer_subject;  // RFC 2253: "CN=standby.example.com,O=Bank"; empty: none shown
  std::string peer_issuer;
  // Bytes this side put on the wire beyond the log and acks it sent: the
  // handshake's, and each record's header, tag and padding.
  std::uint64_t record_overhead_bytes = 0;
};

enum class TlsCostSource : std::uint8_t { Measured, Given };

// -model -tls: CPU seconds per GB (10^9 bytes) of log charged to this side,
// the primary's for encrypting, the standby's for decrypting.
struct TlsCost {
  double seconds_per_gb = 0;
  TlsCostSource source = TlsCostSource::Measured;
  std::string cipher;   // the suite measured; empty when given
  std::string version;  // "TLSv1.3"; empty when given
};

}  // namespace simhadr
