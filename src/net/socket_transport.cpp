#include "net/socket_transport.hpp"

#include <fmt/format.h>
#include <linux/sockios.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/uio.h>

#include <array>
#include <cerrno>
#include <cstring>

#include "simhadr/wait_slices.hpp"

namespace simhadr {

namespace {

using boost::asio::ip::tcp;

// Blocks in the kernel until fd is ready for `events` or max_wait has passed,
// as HADR (and the original's select) does: no polling loop, so a waiting
// side leaves its CPU to the peer and to whatever else the host runs.
bool wait_until_ready(int fd, short events, Nanos max_wait) {
  pollfd entry{fd, events, 0};
  const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(max_wait);
  const timespec timeout{static_cast<time_t>(seconds.count()),
                         static_cast<long>((max_wait - seconds).count())};
  // EINTR (a signal) counts as not ready; the caller's loop waits again.
  return ::ppoll(&entry, 1, &timeout, nullptr) > 0;
}

// A reset or a broken pipe is what a peer that died looks like; say so plainly.
TransportError failure(std::string_view what, int error) {
  if (error == ECONNRESET) {
    return TransportError(
        "the other side reset the connection (its process ended or its host "
        "went away)");
  }
  if (error == EPIPE) return TransportError("the other side closed the connection");
  return TransportError(fmt::format("{} failed: {}", what, std::strerror(error)));
}

bool would_block(int error) {
  return error == EAGAIN || error == EWOULDBLOCK || error == EINTR;
}

IoStep received(ssize_t got) {
  if (got > 0) return {static_cast<std::size_t>(got), false};
  if (got == 0) return {0, false};
  if (would_block(errno)) return {0, true};
  throw failure("recv", errno);
}

// Into `first` and on into `second` (a wrapped free space) in one call: a receive
// that ends at the ring's end would otherwise be followed by one that finds nothing.
ssize_t receive_into(int fd, std::span<char> first, std::span<char> second, int flags) {
  if (second.empty()) return ::recv(fd, first.data(), first.size(), flags);
  std::array<iovec, 2> parts{iovec{first.data(), first.size()},
                             iovec{second.data(), second.size()}};
  msghdr message{};
  message.msg_iov = parts.data();
  message.msg_iovlen = parts.size();
  return ::recvmsg(fd, &message, flags);
}

class SocketTransport : public Transport {
 public:
  // Every call that must not wait says so (MSG_DONTWAIT), so the descriptor itself
  // blocks: then recv_waiting waits in the kernel and receives in one call, where a
  // wait and a receive would take two. Sends behave as -block or its absence says.
  explicit SocketTransport(tcp::socket socket)
      : socket_(std::move(socket)), fd_(socket_.native_handle()) {
    boost::system::error_code error;
    socket_.non_blocking(false, error);
    if (!error) socket_.native_non_blocking(false, error);
    if (error) throw TransportError("cannot make the socket block: " + error.message());
  }

  IoStep recv_some(std::span<char> into) override {
    return received(receive_into(fd(), into, {}, MSG_DONTWAIT));
  }
  IoStep recv_around(std::span<char> first, std::span<char> second) override {
    return received(receive_into(fd(), first, second, MSG_DONTWAIT));
  }
  IoStep recv_waiting(std::span<char> first, std::span<char> second, Nanos max_wait) override {
    if (max_wait <= Nanos{0}) return recv_around(first, second);
    set_receive_timeout(max_wait);
    const ssize_t got = receive_into(fd(), first, second, 0);
    // The timeout ran out; a signal ends the call early (EINTR: with a timeout set,
    // a receive is not restarted), which `waited` cannot time, so it counts nothing.
    if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return {0, true, max_wait};
    return received(got);
  }
  bool wait_readable(Nanos max_wait) override { return wait_until_ready(fd(), POLLIN, max_wait); }
  std::uint64_t unacknowledged_bytes() const override {
    int queued = 0;
    if (::ioctl(fd_, SIOCOUTQ, &queued) != 0 || queued < 0) return 0;
    return static_cast<std::uint64_t>(queued);
  }

  void close() override {
    boost::system::error_code ignored;
    socket_.shutdown(tcp::socket::shutdown_send, ignored);
  }

 protected:
  int fd() { return fd_; }

 private:
  // One system call when the wait changes; the roles wait in equal slices, so once.
  void set_receive_timeout(Nanos wait) {
    if (wait == receive_timeout_) return;
    const auto micros = std::max<std::int64_t>(
        1, std::chrono::duration_cast<std::chrono::microseconds>(wait).count());
    const timeval timeout{static_cast<time_t>(micros / 1'000'000),
                          static_cast<suseconds_t>(micros % 1'000'000)};
    if (::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout) != 0) {
      throw failure("setsockopt(SO_RCVTIMEO)", errno);
    }
    receive_timeout_ = wait;
  }

  tcp::socket socket_;
  int fd_;
  Nanos receive_timeout_{0};
};

// The default: a send that finds the buffer full returns at once, and the
// Link times the wait for room as a congestion.
class NonBlockingTransport final : public SocketTransport {
 public:
  using SocketTransport::SocketTransport;

  IoStep send_some(std::span<const char> data) override {
    const ssize_t sent = ::send(fd(), data.data(), data.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
    if (sent >= 0) return {static_cast<std::size_t>(sent), false};
    if (would_block(errno)) return {0, true};
    throw failure("send", errno);
  }

  bool wait_writable(Nanos max_wait) override { return wait_until_ready(fd(), POLLOUT, max_wait); }
};

// -block: sends wait inside the call, in slices so a stop request is seen.
class BlockingTransport final : public SocketTransport {
 public:
  explicit BlockingTransport(tcp::socket socket) : SocketTransport(std::move(socket)) {
    const timeval slice{
        0, static_cast<suseconds_t>(
               std::chrono::duration_cast<std::chrono::microseconds>(kStopCheckSlice).count())};
    ::setsockopt(fd(), SOL_SOCKET, SO_SNDTIMEO, &slice, sizeof slice);
  }

  IoStep send_some(std::span<const char> data) override {
    const ssize_t sent = ::send(fd(), data.data(), data.size(), MSG_NOSIGNAL);
    if (sent >= 0) return {static_cast<std::size_t>(sent), false};
    // EAGAIN here means SO_SNDTIMEO ran out: the call waited a whole slice.
    if (errno == EAGAIN || errno == EWOULDBLOCK) return {0, true, kStopCheckSlice};
    if (errno == EINTR) return {0, true};
    throw failure("send", errno);
  }

  bool wait_writable(Nanos) override { return true; }
};

}  // namespace

std::unique_ptr<Transport> make_socket_transport(tcp::socket socket, bool blocking) {
  if (blocking) return std::make_unique<BlockingTransport>(std::move(socket));
  return std::make_unique<NonBlockingTransport>(std::move(socket));
}

}  // namespace simhadr
