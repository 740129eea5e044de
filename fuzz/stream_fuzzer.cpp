// Any byte stream a peer may send after the handshake, in any chunking, into
// the standby's receive buffer: flushes are reported only up to the
// handshake's size, writes never cross a flush or take pages not yet
// received, and anything else is a ProtocolError. Three leading bytes choose
// the flush size, the buffer size and the largest receive.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <span>

#include "roles/receive_buffer.hpp"
#include "simhadr/units.hpp"
#include "simhadr/wire/protocol_error.hpp"

namespace {

void check(bool holds) {
  if (!holds) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace simhadr;
  if (size < 3) return 0;
  const std::uint32_t flush_pages = 1 + data[0] % 8;
  const std::uint32_t buffer_pages = flush_pages + data[1] % 8;
  const std::size_t largest_recv = 1 + static_cast<std::size_t>(data[2]) * 97;
  std::span<const std::uint8_t> stream(data + 3, size - 3);

  ReceiveBuffer buffer(buffer_pages, flush_pages);
  std::uint64_t received = 0;
  std::uint64_t flushed_pages = 0;
  std::uint64_t written_pages = 0;
  std::uint64_t flushes = 0;
  std::uint64_t written_flushes = 0;
  try {
    while (!stream.empty()) {
      const ReceiveBuffer::FreeSpace space = buffer.free_spaces();
      if (space.size() == 0) {
        // Full: the standby writes before it receives again.
        const std::uint32_t pages = buffer.writable_pages();
        check(pages > 0);
        written_pages += pages;
        written_flushes += buffer.release(pages);
        continue;
      }
      // As one receive into both parts of a free space that wraps around the ring's end.
      const std::size_t n = std::min({space.size(), stream.size(), largest_recv});
      const std::size_t into_first = std::min(n, space.first.size());
      std::memcpy(space.first.data(), stream.data(), into_first);
      std::memcpy(space.second.data(), stream.data() + into_first, n - into_first);
      stream = stream.subspan(n);
      received += n;
      buffer.commit(n, [&](std::uint32_t pages) {
        check(pages >= 1 && pages <= flush_pages);
        flushed_pages += pages;
        ++flushes;
      });
      check(written_pages + buffer.writable_pages() <= received / kPageBytes);
    }
  } catch (const ProtocolError&) {
    return 0;
  }
  // Drained at the end of the stream, as when the primary closes.
  while (const std::uint32_t pages = buffer.writable_pages()) {
    written_pages += pages;
    written_flushes += buffer.release(pages);
  }
  check(written_pages == received / kPageBytes);
  check(written_flushes == flushes);
  check(buffer.bytes_after_last_flush() == received - pages_to_bytes(flushed_pages));
  return 0;
}
