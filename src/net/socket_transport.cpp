#include "net/socket_transport.hpp"

#include <algorithm>
#include <array>

#include "platform/socket_io.hpp"
#include "simhadr/wait_slices.hpp"
#include "simhadr/wire/tls_record.hpp"

namespace simhadr {

namespace {

using boost::asio::ip::tcp;

class SocketTransport : public Transport {
 public:
  // The socket is handed to the system's calls as it is (socket_io.hpp): blocking,
  // each call that must not wait saying so where the system can.
  explicit SocketTransport(tcp::socket socket)
      : socket_(std::move(socket)), io_(prepared(socket_)) {}

  IoStep recv_some(std::span<char> into) override { return recv_around(into, {}); }
  IoStep recv_around(std::span<char> first, std::span<char> second) override {
    return noted(first, io_.receive(first, second));
  }
  IoStep recv_waiting(std::span<char> first, std::span<char> second, Nanos max_wait) override {
    if (max_wait <= Nanos{0}) return recv_around(first, second);
    return noted(first, io_.receive_waiting(first, second, max_wait));
  }
  bool peer_speaks_tls() override {
    if (first_seen_ == first_bytes_.size()) return looks_like_tls_record(first_bytes_);
    std::array<char, kTlsRecordHeaderBytes> waiting{};
    const IoStep seen = io_.peek(waiting);
    return looks_like_tls_record(std::span<const char>(waiting).first(seen.bytes));
  }
  bool wait_readable(Nanos max_wait) override {
    return io_.wait_ready(Readiness::Readable, max_wait);
  }
  std::uint64_t unacknowledged_bytes() const override { return io_.unacknowledged_bytes(); }

  void close() override {
    boost::system::error_code ignored;
    socket_.shutdown(tcp::socket::shutdown_send, ignored);
  }

 protected:
  SocketIo& io() { return io_; }

 private:
  static NativeSocket prepared(tcp::socket& socket) {
    boost::system::error_code error;
    socket.non_blocking(false, error);
    if (!error) socket.native_non_blocking(false, error);
    if (error) throw TransportError("cannot make the socket block: " + error.message());
    return socket.native_handle();
  }

  // Keeps the peer's first bytes, for peer_speaks_tls.
  IoStep noted(std::span<const char> into, IoStep step) {
    if (first_seen_ == first_bytes_.size()) [[likely]]
      return step;
    const std::size_t take = std::min(step.bytes, first_bytes_.size() - first_seen_);
    std::copy_n(into.begin(), take,
                first_bytes_.begin() + static_cast<std::ptrdiff_t>(first_seen_));
    first_seen_ += take;
    return step;
  }

  tcp::socket socket_;
  SocketIo io_;
  std::array<char, 3> first_bytes_{};
  std::size_t first_seen_ = 0;
};

// The default: a send that finds the buffer full returns at once, and the
// Link times the wait for room as a congestion.
class NonBlockingTransport final : public SocketTransport {
 public:
  using SocketTransport::SocketTransport;

  IoStep send_some(std::span<const char> data) override { return io().send(data); }
  bool wait_writable(Nanos max_wait) override {
    return io().wait_ready(Readiness::Writable, max_wait);
  }
};

// -block: sends wait inside the call, in slices so a stop request is seen.
class BlockingTransport final : public SocketTransport {
 public:
  using SocketTransport::SocketTransport;

  IoStep send_some(std::span<const char> data) override {
    return io().send_waiting(data, kStopCheckSlice);
  }
  bool wait_writable(Nanos) override { return true; }
};

}  // namespace

std::unique_ptr<Transport> make_socket_transport(tcp::socket socket, bool blocking) {
  if (blocking) return std::make_unique<BlockingTransport>(std::move(socket));
  return std::make_unique<NonBlockingTransport>(std::move(socket));
}

}  // namespace simhadr
