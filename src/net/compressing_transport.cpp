#include "net/compressing_transport.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstring>

#include "compress/codec.hpp"
#include "platform/thread_times.hpp"
#include "simhadr/wire/protocol_error.hpp"

namespace simhadr {

namespace {

// A flush larger than this is compressed and sent in pieces of it, each flushed,
// so the compressed piece waiting for the socket stays small.
constexpr std::size_t kMostPerPiece = std::size_t{1} << 20;
constexpr std::size_t kReceiveBytes = std::size_t{256} << 10;

}  // namespace

CompressingTransport::CompressingTransport(Transport& inner) : inner_(inner) {}

void CompressingTransport::compress_sends(std::unique_ptr<StreamCompressor> compressor,
                                          CompressionChoice choice) {
  compressor_ = std::move(compressor);
  facts_.emplace().choice = choice;
}

void CompressingTransport::restore_receives(std::unique_ptr<StreamDecompressor> decompressor,
                                            CompressionChoice choice) {
  decompressor_ = std::move(decompressor);
  received_.resize(kReceiveBytes);
  facts_.emplace().choice = choice;
}

// The caller gives the same bytes again until they count as sent (Link::send_all
// does), so a piece in flight is the start of what it gives.
IoStep CompressingTransport::send_some(std::span<const char> data) {
  if (!compressor_) return inner_.send_some(data);
  if (compressed_sent_ == compressed_.size()) {
    const std::span<const char> piece = data.first(std::min(data.size(), kMostPerPiece));
    compressed_.clear();
    compressed_sent_ = 0;
    const Nanos before = this_thread_cpu();
    try {
      compressor_->compress(piece, compressed_);
    } catch (const CodecError& error) {
      throw ProtocolError(fmt::format("-compress: {}", error.what()));
    }
    facts_->cpu += this_thread_cpu() - before;
    piece_log_bytes_ = piece.size();
  }
  return send_compressed();
}

IoStep CompressingTransport::send_compressed() {
  Nanos waited{};
  bool progressed = false;
  while (compressed_sent_ < compressed_.size()) {
    const IoStep step = inner_.send_some(std::span(compressed_).subspan(compressed_sent_));
    waited += step.waited;
    if (step.bytes == 0) return {0, step.would_block, waited, progressed};
    progressed = true;
    compressed_sent_ += step.bytes;
    facts_->wire_bytes += step.bytes;
  }
  facts_->log_bytes += piece_log_bytes_;
  return {piece_log_bytes_, false, waited};
}

std::size_t CompressingTransport::restore_into(std::span<char> first, std::span<char> second) {
  const Nanos before = this_thread_cpu();
  std::size_t produced = 0;
  may_hold_more_ = true;
  for (std::span<char> out : std::array{first, second}) {
    while (!out.empty()) {
      const std::span<const char> in(received_.data() + received_begin_,
                                     received_end_ - received_begin_);
      RestoreStep step;
      try {
        step = decompressor_->restore(in, out);
      } catch (const CodecError& error) {
        throw ProtocolError(fmt::format("the primary's compressed log: {}", error.what()));
      }
      received_begin_ += step.consumed;
      produced += step.produced;
      out = out.subspan(step.produced);
      if (step.consumed == 0 && step.produced == 0) break;
    }
    // Space left over: the decompressor gave all it could from what came.
    if (!out.empty()) {
      may_hold_more_ = false;
      break;
    }
  }
  facts_->cpu += this_thread_cpu() - before;
  facts_->log_bytes += produced;
  return produced;
}

std::span<char> CompressingTransport::free_wire_space() {
  if (received_begin_ == received_end_) {
    received_begin_ = received_end_ = 0;
  } else if (received_end_ == received_.size()) {
    std::memmove(received_.data(), received_.data() + received_begin_,
                 received_end_ - received_begin_);
    received_end_ -= received_begin_;
    received_begin_ = 0;
    if (received_end_ == received_.size()) received_.resize(received_.size() * 2);
  }
  return std::span(received_).subspan(received_end_);
}

IoStep CompressingTransport::restore_after(IoStep received, std::span<char> first,
                                           std::span<char> second) {
  // Nothing came (would block), or the peer closed: what the stream held is restored already.
  if (received.bytes == 0) return received;
  received_end_ += received.bytes;
  facts_->wire_bytes += received.bytes;
  const std::size_t produced = restore_into(first, second);
  // A piece of a compressed block restores nothing yet: as if nothing came, but for the stall
  // bound.
  return {produced, produced == 0, received.waited, true};
}

IoStep CompressingTransport::recv_around(std::span<char> first, std::span<char> second) {
  if (!decompressor_) return inner_.recv_around(first, second);
  if (may_hold_more_) {
    if (const std::size_t produced = restore_into(first, second); produced > 0) {
      return {produced, false, {}};
    }
  }
  return restore_after(inner_.recv_some(free_wire_space()), first, second);
}

IoStep CompressingTransport::recv_waiting(std::span<char> first, std::span<char> second,
                                          Nanos max_wait) {
  if (!decompressor_) return inner_.recv_waiting(first, second, max_wait);
  if (may_hold_more_) {
    if (const std::size_t produced = restore_into(first, second); produced > 0) {
      return {produced, false, {}};
    }
  }
  return restore_after(inner_.recv_waiting(free_wire_space(), {}, max_wait), first, second);
}

bool CompressingTransport::wait_readable(Nanos max_wait) {
  if (decompressor_ && may_hold_more_) return true;
  return inner_.wait_readable(max_wait);
}

}  // namespace simhadr
