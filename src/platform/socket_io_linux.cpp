#include <fmt/format.h>
#include <linux/sockios.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/uio.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>

#include "platform/socket_io.hpp"

namespace simhadr {

namespace {

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

// One system call when the wait changes; the roles wait in equal slices, so once.
void set_timeout(int fd, int option, Nanos wait, Nanos& current) {
  if (wait == current) return;
  const auto micros = std::max<std::int64_t>(
      1, std::chrono::duration_cast<std::chrono::microseconds>(wait).count());
  const timeval timeout{static_cast<time_t>(micros / 1'000'000),
                        static_cast<suseconds_t>(micros % 1'000'000)};
  if (::setsockopt(fd, SOL_SOCKET, option, &timeout, sizeof timeout) != 0) {
    throw failure(option == SO_RCVTIMEO ? "setsockopt(SO_RCVTIMEO)" : "setsockopt(SO_SNDTIMEO)",
                  errno);
  }
  current = wait;
}

}  // namespace

SocketIo::SocketIo(NativeSocket socket) : socket_(socket) {}

IoStep SocketIo::receive(std::span<char> first, std::span<char> second) {
  return received(receive_into(socket_, first, second, MSG_DONTWAIT));
}

IoStep SocketIo::receive_waiting(std::span<char> first, std::span<char> second, Nanos max_wait) {
  set_timeout(socket_, SO_RCVTIMEO, max_wait, receive_timeout_);
  const ssize_t got = receive_into(socket_, first, second, 0);
  // The timeout ran out; a signal ends the call early (EINTR: with a timeout set,
  // a receive is not restarted), which `waited` cannot time, so it counts nothing.
  if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return {0, true, max_wait};
  return received(got);
}

IoStep SocketIo::peek(std::span<char> into) {
  return received(::recv(socket_, into.data(), into.size(), MSG_PEEK | MSG_DONTWAIT));
}

IoStep SocketIo::send(std::span<const char> data) {
  const ssize_t sent = ::send(socket_, data.data(), data.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
  if (sent >= 0) return {static_cast<std::size_t>(sent), false};
  if (would_block(errno)) return {0, true};
  throw failure("send", errno);
}

IoStep SocketIo::send_waiting(std::span<const char> data, Nanos slice) {
  set_timeout(socket_, SO_SNDTIMEO, slice, send_timeout_);
  const ssize_t sent = ::send(socket_, data.data(), data.size(), MSG_NOSIGNAL);
  if (sent >= 0) return {static_cast<std::size_t>(sent), false};
  // EAGAIN here means SO_SNDTIMEO ran out: the call waited a whole slice.
  if (errno == EAGAIN || errno == EWOULDBLOCK) return {0, true, slice};
  if (errno == EINTR) return {0, true};
  throw failure("send", errno);
}

bool SocketIo::wait_ready(Readiness readiness, Nanos max_wait) {
  pollfd entry{socket_, static_cast<short>(readiness == Readiness::Readable ? POLLIN : POLLOUT), 0};
  const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(max_wait);
  const timespec timeout{static_cast<time_t>(seconds.count()),
                         static_cast<long>((max_wait - seconds).count())};
  // EINTR (a signal) counts as not ready; the caller's loop waits again.
  return ::ppoll(&entry, 1, &timeout, nullptr) > 0;
}

std::uint64_t SocketIo::unacknowledged_bytes() const {
  int queued = 0;
  if (::ioctl(socket_, SIOCOUTQ, &queued) != 0 || queued < 0) return 0;
  return static_cast<std::uint64_t>(queued);
}

}  // namespace simhadr
