#pragma once
// A scripted peer written with plain sockets, for the cases the real binary
// never produces: a "primary" that listens for our standby, or a "standby"
// that connects to our primary, and then sends whatever a test tells it to.
// Every call is bounded in time.
#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

namespace simhadr::e2e {

class FakePeer {
 public:
  // Listens on 127.0.0.1, port chosen by the kernel: a primary for our standby.
  static FakePeer listening();
  // Connects from `source` (any 127/8 address) to 127.0.0.1:port: a standby for our primary.
  static FakePeer connecting(const std::string& source, std::uint16_t port);

  FakePeer(FakePeer&& other) noexcept;
  FakePeer& operator=(FakePeer&&) = delete;
  ~FakePeer();

  std::uint16_t port() const;
  // Takes the one connection of a listening peer; false when none came in time.
  bool accept(std::chrono::milliseconds timeout);

  // Sends all of bytes; false when the other side went away first.
  bool send(std::string_view bytes);
  // Up to `bytes`, whatever arrives within timeout; empty at the end of the stream.
  std::string receive(std::size_t bytes, std::chrono::milliseconds timeout);
  // Reads and drops `bytes`, each piece within timeout; false when the stream ended or paused
  // first.
  bool skip(std::size_t bytes, std::chrono::milliseconds timeout);
  // Reads and drops until the other side closes; false when it did not within timeout.
  bool wait_closed(std::chrono::milliseconds timeout);
  // Ends the stream in order (FIN).
  void close();
  // Ends this side's sending in order (FIN) and keeps the connection to read on.
  void finish_sending();
  // Closes with a reset (SO_LINGER 0) instead of an orderly end of stream.
  void reset();

 private:
  FakePeer(int listener, int connection) : listener_(listener), connection_(connection) {}
  int listener_ = -1;
  int connection_ = -1;
};

// The handshake of the original, NUL-padded to 1024 bytes.
std::string handshake_message(std::string_view mode, std::uint32_t flush_pages);

// `flushes` well-formed flushes of `pages` pages.
std::string flush_bytes(std::uint32_t pages, int flushes);

}  // namespace simhadr::e2e
