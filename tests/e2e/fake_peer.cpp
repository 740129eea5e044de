#include "fake_peer.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <stdexcept>
#include <utility>

namespace simhadr::e2e {

namespace {

constexpr std::size_t kPage = 4096;

sockaddr_in loopback(const std::string& address, std::uint16_t port) {
  sockaddr_in result{};
  result.sin_family = AF_INET;
  result.sin_port = htons(port);
  if (::inet_pton(AF_INET, address.c_str(), &result.sin_addr) != 1) {
    throw std::runtime_error("not an IPv4 address: " + address);
  }
  return result;
}

bool ready(int fd, short events, std::chrono::milliseconds timeout) {
  pollfd entry{fd, events, 0};
  return ::poll(&entry, 1, static_cast<int>(timeout.count())) > 0;
}

}  // namespace

FakePeer FakePeer::listening() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  const sockaddr_in address = loopback("127.0.0.1", 0);
  if (::bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0 ||
      ::listen(fd, 4) != 0) {
    ::close(fd);
    throw std::runtime_error("fake primary cannot listen");
  }
  return FakePeer(fd, -1);
}

FakePeer FakePeer::connecting(const std::string& source, std::uint16_t port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  const sockaddr_in from = loopback(source, 0);
  const sockaddr_in to = loopback("127.0.0.1", port);
  if (::bind(fd, reinterpret_cast<const sockaddr*>(&from), sizeof from) != 0 ||
      ::connect(fd, reinterpret_cast<const sockaddr*>(&to), sizeof to) != 0) {
    ::close(fd);
    throw std::runtime_error("fake standby cannot connect");
  }
  return FakePeer(-1, fd);
}

FakePeer::FakePeer(FakePeer&& other) noexcept
    : listener_(std::exchange(other.listener_, -1)),
      connection_(std::exchange(other.connection_, -1)) {}

FakePeer::~FakePeer() {
  if (connection_ >= 0) ::close(connection_);
  if (listener_ >= 0) ::close(listener_);
}

std::uint16_t FakePeer::port() const {
  sockaddr_in address{};
  socklen_t length = sizeof address;
  ::getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &length);
  return ntohs(address.sin_port);
}

bool FakePeer::accept(std::chrono::milliseconds timeout) {
  if (!ready(listener_, POLLIN, timeout)) return false;
  connection_ = ::accept(listener_, nullptr, nullptr);
  return connection_ >= 0;
}

bool FakePeer::send(std::string_view bytes) {
  while (!bytes.empty()) {
    if (!ready(connection_, POLLOUT, std::chrono::seconds(10))) return false;
    const ssize_t sent = ::send(connection_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (sent <= 0) return false;
    bytes.remove_prefix(static_cast<std::size_t>(sent));
  }
  return true;
}

std::string FakePeer::receive(std::size_t bytes, std::chrono::milliseconds timeout) {
  std::string data(bytes, '\0');
  if (!ready(connection_, POLLIN, timeout)) return {};
  const ssize_t got = ::recv(connection_, data.data(), data.size(), 0);
  data.resize(got > 0 ? static_cast<std::size_t>(got) : 0);
  return data;
}

bool FakePeer::skip(std::size_t bytes, std::chrono::milliseconds timeout) {
  for (std::size_t got = 0; got < bytes;) {
    const std::string some = receive(bytes - got, timeout);
    if (some.empty()) return false;
    got += some.size();
  }
  return true;
}

bool FakePeer::wait_closed(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  char sink[65536];
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0 || !ready(connection_, POLLIN, left)) return false;
    if (::recv(connection_, sink, sizeof sink, 0) <= 0) return true;
  }
}

void FakePeer::close() {
  ::close(std::exchange(connection_, -1));
}

void FakePeer::finish_sending() {
  ::shutdown(connection_, SHUT_WR);
}

void FakePeer::reset() {
  const linger abort_on_close{1, 0};
  ::setsockopt(connection_, SOL_SOCKET, SO_LINGER, &abort_on_close, sizeof abort_on_close);
  close();
}

std::string handshake_message(std::string_view mode, std::uint32_t flush_pages) {
  std::string text = "syncMode=" + std::string(mode) +
                     "\nflushSize=" + std::to_string(flush_pages) +
                     "\nconnTime=2026-11-30_04:10:38_UTC\n";
  text.resize(1024, '\0');
  return text;
}

std::string flush_bytes(std::uint32_t pages, int flushes) {
  std::string flush(pages * kPage, '.');
  const std::string_view marker("End of flush\0", 13);
  flush.replace((pages - 1) * kPage, marker.size(), marker);
  std::string all;
  for (int i = 0; i < flushes; ++i) all += flush;
  return all;
}

}  // namespace simhadr::e2e
