#include "roles/receive_buffer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <utility>

#include "simhadr/units.hpp"
#include "simhadr/wire/flush_codec.hpp"
#include "simhadr/wire/protocol_error.hpp"

namespace simhadr {

ReceiveBuffer::ReceiveBuffer(std::uint32_t pages, std::uint32_t max_flush_pages)
    : storage_(pages_to_bytes(pages), '\0'), max_flush_pages_(max_flush_pages) {}

std::span<char> ReceiveBuffer::free_space() {
  const std::uint64_t used = received_bytes_ - pages_to_bytes(released_pages_);
  const std::uint64_t free = storage_.size() - used;
  const std::uint64_t offset = offset_of(received_bytes_);
  const std::uint64_t contiguous = std::min<std::uint64_t>(free, storage_.size() - offset);
  return storage_.bytes().subspan(offset, contiguous);
}

ReceiveBuffer::FreeSpace ReceiveBuffer::free_spaces() {
  move_to_start();
  const std::span<char> first = free_space();
  const std::uint64_t free = storage_.size() - held_bytes();
  // Past the end, the rest of the free space starts the ring again.
  const std::uint64_t wrapped = free - first.size();
  return {first, storage_.bytes().first(wrapped)};
}

ReceiveBuffer::FreeSpace ReceiveBuffer::FreeSpace::at_most(std::uint64_t bytes) const {
  const std::span<char> head = first.first(std::min<std::uint64_t>(bytes, first.size()));
  return {head, second.first(std::min<std::uint64_t>(bytes - head.size(), second.size()))};
}

std::uint64_t ReceiveBuffer::rest_of_flush_bytes() const {
  const std::uint64_t flush = pages_to_bytes(max_flush_pages_);
  return flush - std::min(flush, bytes_after_last_flush());
}

void ReceiveBuffer::commit(std::size_t received,
                           const std::function<void(std::uint32_t)>& on_flush) {
  received_bytes_ += received;
  for (const std::uint64_t complete = complete_pages(); scanned_pages_ < complete;) {
    const std::uint64_t index = scanned_pages_++;
    const auto pages = static_cast<std::uint32_t>(index + 1 - last_flush_end_);
    if (!starts_with_marker(page(index))) {
      if (pages < max_flush_pages_) continue;
      throw ProtocolError(fmt::format(
          "page {} of a flush has no end-of-flush marker, but the handshake said {} pages a flush",
          pages, max_flush_pages_));
    }
    last_flush_end_ = index + 1;
    on_flush(pages);
  }
}

void ReceiveBuffer::mark_written(std::uint32_t pages) {
  written_pages_ += pages;
}

void ReceiveBuffer::free_written(std::uint32_t pages) {
  released_pages_ = std::min(released_pages_ + pages, written_pages_);
}

std::uint64_t ReceiveBuffer::held_bytes() const {
  return received_bytes_ - pages_to_bytes(released_pages_);
}

std::uint64_t ReceiveBuffer::bytes_after_last_flush() const {
  return received_bytes_ - pages_to_bytes(last_flush_end_);
}

void ReceiveBuffer::drop_partial_flush() {
  received_bytes_ = pages_to_bytes(last_flush_end_);
  scanned_pages_ = std::min(scanned_pages_, last_flush_end_);
}

std::uint64_t ReceiveBuffer::complete_pages() const {
  return received_bytes_ / kPageBytes;
}

std::span<const char> ReceiveBuffer::page(std::uint64_t index) const {
  return std::as_const(storage_).bytes().subspan(offset_of(pages_to_bytes(index)), kPageBytes);
}

std::uint64_t ReceiveBuffer::offset_of(std::uint64_t total) const {
  return (total - origin_) % storage_.size();
}

void ReceiveBuffer::move_to_start() {
  // What is held starts at a page: space is given back in whole pages.
  const std::uint64_t held_from = pages_to_bytes(released_pages_);
  const std::uint64_t held = received_bytes_ - held_from;
  const std::uint64_t at = offset_of(held_from);
  if (at == 0) return;
  // Only a move that is cheap: the held bytes in one piece, no more of them than the
  // distance they go, and a flush's bytes or more from the start (so once a flush at most).
  const bool cheap = held == 0 || (held <= at && at + held <= storage_.size() &&
                                   at >= pages_to_bytes(max_flush_pages_));
  if (!cheap) return;
  std::memmove(storage_.bytes().data(), storage_.bytes().data() + at, held);
  origin_ = held_from;
}

}  // namespace simhadr
