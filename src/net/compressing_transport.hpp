#pragma once
// -compress on a real connection. The primary's transport compresses the log
// it sends and the standby's restores it, once the handshake has agreed on the
// codec: until then, and always in the other direction (acks), bytes pass
// unchanged. It sits above TLS, so the log is compressed before it is
// encrypted, and above the socket's blocking or waiting, which it leaves to
// the transport below.
#include <cstddef>
#include <memory>
#include <optional>
#include <vector>

#include "compress/stream_codec.hpp"
#include "simhadr/measure/compression_facts.hpp"
#include "simhadr/transport.hpp"

namespace simhadr {

class CompressingTransport final : public Transport {
 public:
  explicit CompressingTransport(Transport& inner);

  // From now on, what is sent is compressed with `compressor`.
  void compress_sends(std::unique_ptr<StreamCompressor> compressor, CompressionChoice choice);
  // From now on, what is received is restored with `decompressor`.
  void restore_receives(std::unique_ptr<StreamDecompressor> decompressor, CompressionChoice choice);
  // None until one of the two began.
  std::optional<CompressionFacts> facts() const { return facts_; }

  IoStep send_some(std::span<const char> data) override;
  IoStep recv_some(std::span<char> into) override { return recv_around(into, {}); }
  IoStep recv_around(std::span<char> first, std::span<char> second) override;
  IoStep recv_waiting(std::span<char> first, std::span<char> second, Nanos max_wait) override;
  bool wait_writable(Nanos max_wait) override { return inner_.wait_writable(max_wait); }
  bool wait_readable(Nanos max_wait) override;
  void close() override { inner_.close(); }
  bool peer_speaks_tls() override { return inner_.peer_speaks_tls(); }
  std::uint64_t unacknowledged_bytes() const override { return inner_.unacknowledged_bytes(); }

 private:
  // Sends what is left of the compressed piece; its input counts as sent only once all of it went.
  IoStep send_compressed();
  // Restores what the received stream holds into `first`, then `second`.
  std::size_t restore_into(std::span<char> first, std::span<char> second);
  // Takes a receive of the compressed stream, then restores what it can.
  IoStep restore_after(IoStep received, std::span<char> first, std::span<char> second);
  std::span<char> free_wire_space();

  Transport& inner_;
  std::optional<CompressionFacts> facts_;

  std::unique_ptr<StreamCompressor> compressor_;
  std::vector<char> compressed_;  // the piece being sent
  std::size_t compressed_sent_ = 0;
  std::size_t piece_log_bytes_ = 0;  // what the piece holds before compression

  std::unique_ptr<StreamDecompressor> decompressor_;
  std::vector<char> received_;  // the compressed stream as it came, not yet restored
  std::size_t received_begin_ = 0;
  std::size_t received_end_ = 0;
  // The last restore filled the space it had: the decompressor may hold more.
  bool may_hold_more_ = false;
};

}  // namespace simhadr
