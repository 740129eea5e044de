#pragma once
// A connected socket made a transport: plain, or TLS once its handshake is
// done (-tls). Both roles and the primary's auxiliary streams open theirs here.
#include <boost/asio/ip/tcp.hpp>
#include <memory>
#include <string>

#include "net/tls_transport.hpp"
#include "simhadr/config.hpp"
#include "simhadr/stop.hpp"
#include "simhadr/transport.hpp"

namespace simhadr {

struct OpenedTransport {
  std::unique_ptr<Transport> transport;  // null: a stop came during the TLS handshake
  TlsTransport* tls = nullptr;           // the same transport, when it is TLS
};

// `tls` null: a plain transport. A refused TLS handshake is a RunError.
OpenedTransport open_transport(boost::asio::ip::tcp::socket socket, const RunConfig& config,
                               const TlsContext* tls, const std::string& peer_host,
                               const StopSource& stop);

}  // namespace simhadr
