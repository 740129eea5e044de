#pragma once
// Transport over TLS on a connected TCP socket (-tls). The TLS handshake comes
// first, then simhadr's own bytes, unchanged, inside TLS. The socket is
// non-blocking underneath OpenSSL, and every wait blocks in the kernel as a
// plain run's do: a read or write that wants the other direction waits for
// that, and data OpenSSL already holds is read before any wait. With -block,
// a send waits for room in slices, as the plain blocking transport does.
#include <boost/asio/ip/tcp.hpp>
#include <memory>
#include <optional>

#include "net/tls_context.hpp"
#include "simhadr/measure/tls_facts.hpp"
#include "simhadr/stop.hpp"
#include "simhadr/transport.hpp"

namespace simhadr {

class TlsTransport : public Transport {
 public:
  // What the connection is, and the bytes TLS has added to this side's so far.
  virtual TlsFacts facts() const = 0;
};

struct TlsConnectPlan {
  std::string peer_host;  // -rhost: what -tlsHostCheck holds the peer's certificate to
  bool blocking = false;  // -block
  Nanos bound{};          // the handshake's limit; zero waits without end
};

// The handshake, as the context's role plays it. A failure is a RunError that
// says which side refused what; a stop before it ends gives null.
std::unique_ptr<TlsTransport> open_tls(boost::asio::ip::tcp::socket socket,
                                       const TlsContext& context, const TlsConnectPlan& plan,
                                       const StopSource& stop);

}  // namespace simhadr
