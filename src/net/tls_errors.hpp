#pragma once
// OpenSSL's errors in words a DBA can act on: which side refused what, and
// which option to change. The calls that fail leave their reasons on
// OpenSSL's thread-local queue; these read and clear it.
#include <openssl/ssl.h>

#include <string>
#include <string_view>

#include "net/tls_certificates.hpp"

namespace simhadr {

// The oldest reason on the queue ("certificate verify failed"), the queue
// cleared; empty when there was none.
std::string take_openssl_reason();

// The side a connection's TLS meets, for messages.
struct TlsPeer {
  std::string_view name;  // "the primary", "the standby"
  std::string host;       // -rhost: what -tlsHostCheck holds its certificate to
  std::string ca_file;    // -tlsCA
};

// Why a TLS call failed, for the side that made it: `status` is the call's
// SSL_get_error, `system_error` errno as the call left it.
std::string tls_failure(SSL* ssl, int status, const TlsPeer& peer, const TlsPeerNotes& notes,
                        int system_error);

}  // namespace simhadr
