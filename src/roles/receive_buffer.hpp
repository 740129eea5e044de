#pragma once
// The standby's receive buffer (-hadrBufSize pages): bytes come in at any
// size, whole flushes go out to the (simulated) disk as StandbyCycle says, and
// the end-of-flush marker pages tell where each flush ends. No sockets here. It is also the
// standby's check of the page stream: a flush must end with its marker page
// within the handshake's flush size, or commit() throws ProtocolError.
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "simhadr/page_aligned_buffer.hpp"

namespace simhadr {

class ReceiveBuffer {
 public:
  // max_flush_pages is the handshake's flushSize, at most `pages`.
  ReceiveBuffer(std::uint32_t pages, std::uint32_t max_flush_pages);

  // Where the next receive may land: contiguous, possibly empty when full.
  std::span<char> free_space();
  // All of the free space: free_space(), then what wraps around to the ring's start.
  // First, what the buffer holds goes back to the ring's start when that is cheap: a
  // receive then lands where the last ones did, in the CPU's cache, not a ring's
  // length of memory away (with 256-page flushes the ring is 4 MiB, more than a
  // core's L2 cache). It moves nothing when the buffer is empty, as it is between
  // SYNC flushes, and at most once a flush's bytes otherwise.
  struct FreeSpace {
    std::span<char> first;
    std::span<char> second;
    std::size_t size() const { return first.size() + second.size(); }
    // Its first `bytes`, for a receive that should take no more.
    FreeSpace at_most(std::uint64_t bytes) const;
  };
  FreeSpace free_spaces();
  // The most the flush under way can still bring: the handshake's flush size less
  // what has arrived of it.
  std::uint64_t rest_of_flush_bytes() const;

  // Accounts `received` bytes that landed in free_space(), and calls
  // on_flush(pages) for each flush they complete.
  void commit(std::size_t received, const std::function<void(std::uint32_t pages)>& on_flush);

  // Marks the next `pages` written (whole pages received; the standby cycle
  // says which: StandbyCycle).
  void mark_written(std::uint32_t pages);
  // Gives the space of the oldest `pages` written pages back (after their
  // replay, or at once without a replay model).
  void free_written(std::uint32_t pages);

  std::uint64_t held_bytes() const;

  // Bytes received after the end of the last whole flush: what a connection
  // that ends now would cut off.
  std::uint64_t bytes_after_last_flush() const;
  // Forgets those bytes: the primary sends that flush again whole.
  void drop_partial_flush();

 private:
  std::uint64_t complete_pages() const;
  std::span<const char> page(std::uint64_t index) const;
  // Where byte `total` (counted since the start) is in storage_.
  std::uint64_t offset_of(std::uint64_t total) const;
  void move_to_start();

  PageAlignedBuffer storage_;
  std::uint32_t max_flush_pages_;
  std::uint64_t received_bytes_ = 0;  // all counters are totals since the start
  std::uint64_t origin_ = 0;          // the total at storage_'s first byte, a whole page
  std::uint64_t written_pages_ = 0;
  std::uint64_t released_pages_ = 0;
  std::uint64_t scanned_pages_ = 0;
  std::uint64_t last_flush_end_ = 0;
};

}  // namespace simhadr
