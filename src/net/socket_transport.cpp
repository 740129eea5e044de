#include "net/socket_transport.hpp"

#include <fmt/format.h>
#include <poll.h>
#include <sched.h>
#include <sys/socket.h>

#include <boost/asio/buffer.hpp>
#include <cerrno>
#include <cstring>

namespace simhadr {

namespace {

using boost::asio::ip::tcp;
using boost::system::error_code;

constexpr auto kBlockingSlice = std::chrono::milliseconds(100);
// Before blocking in the kernel, poll readiness this long: on many virtual
// machines a wake-up from epoll costs tens of microseconds, which would be
// charged to every ack and every flush the standby receives.
constexpr auto kBusyPollWindow = std::chrono::milliseconds(2);

// True when fd became ready for `events` within the busy-poll window.
bool became_ready_while_polling(int fd, short events) {
  const auto until = std::chrono::steady_clock::now() + kBusyPollWindow;
  pollfd entry{fd, events, 0};
  do {
    if (::poll(&entry, 1, 0) > 0) return true;
    ::sched_yield();
  } while (std::chrono::steady_clock::now() < until);
  return false;
}

bool would_block(const error_code& error) {
  return error == boost::asio::error::would_block || error == boost::asio::error::try_again;
}

// A reset or a broken pipe is what a peer that died looks like; say so plainly.
TransportError failure(std::string_view what, int error, std::string_view reason) {
  if (error == ECONNRESET) {
    return TransportError(
        "the other side reset the connection (its process ended or its host "
        "went away)");
  }
  if (error == EPIPE) return TransportError("the other side closed the connection");
  return TransportError(fmt::format("{} failed: {}", what, reason));
}

void shut_down_sending(tcp::socket& socket) {
  error_code ignored;
  socket.shutdown(tcp::socket::shutdown_send, ignored);
}

class NonBlockingTransport final : public Transport {
 public:
  NonBlockingTransport(boost::asio::io_context& io, tcp::socket socket)
      : io_(io), socket_(std::move(socket)) {}

  IoStep send_some(std::span<const char> data) override {
    error_code error;
    const std::size_t sent =
        socket_.write_some(boost::asio::buffer(data.data(), data.size()), error);
    if (would_block(error)) return {0, true};
    if (error) throw failure("send", error.value(), error.message());
    return {sent, false};
  }

  IoStep recv_some(std::span<char> into) override {
    error_code error;
    const std::size_t got = socket_.read_some(boost::asio::buffer(into.data(), into.size()), error);
    if (error == boost::asio::error::eof) return {0, false};
    if (would_block(error)) return {0, true};
    if (error) throw failure("recv", error.value(), error.message());
    return {got, false};
  }

  bool wait_writable(Nanos max_wait) override { return wait(tcp::socket::wait_write, max_wait); }
  bool wait_readable(Nanos max_wait) override { return wait(tcp::socket::wait_read, max_wait); }
  void close() override { shut_down_sending(socket_); }

 private:
  bool wait(tcp::socket::wait_type type, Nanos max_wait) {
    const short events = type == tcp::socket::wait_write ? POLLOUT : POLLIN;
    if (became_ready_while_polling(socket_.native_handle(), events)) return true;
    bool finished = false;
    bool ready = false;
    socket_.async_wait(type, [&](const error_code& error) {
      finished = true;
      ready = !error;
    });
    io_.restart();
    io_.run_for(max_wait);
    if (!finished) {
      socket_.cancel();
      io_.restart();
      io_.run();
    }
    return ready;
  }

  boost::asio::io_context& io_;
  tcp::socket socket_;
};

class BlockingTransport final : public Transport {
 public:
  explicit BlockingTransport(tcp::socket socket) : socket_(std::move(socket)) {
    const timeval slice{
        0, static_cast<suseconds_t>(std::chrono::microseconds(kBlockingSlice).count())};
    ::setsockopt(fd(), SOL_SOCKET, SO_SNDTIMEO, &slice, sizeof slice);
  }

  IoStep send_some(std::span<const char> data) override {
    const ssize_t sent = ::send(fd(), data.data(), data.size(), MSG_NOSIGNAL);
    if (sent >= 0) return {static_cast<std::size_t>(sent), false};
    // EAGAIN here means SO_SNDTIMEO ran out: the call waited a whole slice.
    if (errno == EAGAIN || errno == EWOULDBLOCK) return {0, true, kBlockingSlice};
    if (errno == EINTR) return {0, true};
    throw failure("send", errno, std::strerror(errno));
  }

  // Receiving never waits inside the call; wait_readable does the blocking,
  // so the standby can still write whole pages between arrivals.
  IoStep recv_some(std::span<char> into) override {
    const ssize_t got = ::recv(fd(), into.data(), into.size(), MSG_DONTWAIT);
    if (got > 0) return {static_cast<std::size_t>(got), false};
    if (got == 0) return {0, false};
    if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) return {0, true};
    throw failure("recv", errno, std::strerror(errno));
  }

  bool wait_writable(Nanos) override { return true; }

  bool wait_readable(Nanos max_wait) override {
    if (became_ready_while_polling(fd(), POLLIN)) return true;
    pollfd entry{fd(), POLLIN, 0};
    const auto millis = std::chrono::duration_cast<std::chrono::milliseconds>(max_wait).count();
    return ::poll(&entry, 1, static_cast<int>(millis)) > 0;
  }

  void close() override { shut_down_sending(socket_); }

 private:
  int fd() { return socket_.native_handle(); }
  tcp::socket socket_;
};

}  // namespace

std::unique_ptr<Transport> make_socket_transport(boost::asio::io_context& io, tcp::socket socket,
                                                 bool blocking) {
  if (blocking) return std::make_unique<BlockingTransport>(std::move(socket));
  return std::make_unique<NonBlockingTransport>(io, std::move(socket));
}

}  // namespace simhadr
