#include "net/open_transport.hpp"

#include "net/socket_transport.hpp"

namespace simhadr {

OpenedTransport open_transport(boost::asio::ip::tcp::socket socket, const RunConfig& config,
                               const TlsContext* tls, const std::string& peer_host,
                               const StopSource& stop) {
  OpenedTransport opened;
  if (!tls) {
    opened.transport = make_socket_transport(std::move(socket), config.socket.blocking);
    return opened;
  }
  // -connectTimeout bounds the handshake as it bounds the connection; where
  // that waits without end (a -loop standby), the stall bound does.
  const Nanos bound = config.waits.connect > Nanos{0} ? config.waits.connect : config.waits.stall;
  std::unique_ptr<TlsTransport> secured =
      open_tls(std::move(socket), *tls, {peer_host, config.socket.blocking, bound}, stop);
  opened.tls = secured.get();
  opened.transport = std::move(secured);
  return opened;
}

}  // namespace simhadr
