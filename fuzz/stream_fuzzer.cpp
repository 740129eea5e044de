// Any byte stream a peer may send after the handshake, in any chunking, into
// the standby's receive buffer and its cycle, as the standby runs them:
// flushes are reported only up to the handshake's size, every write is one
// whole flush that has arrived, the cycle and the ring agree on what is held,
// and anything else is a ProtocolError. Three leading bytes choose the flush
// size, the buffer size and the largest receive.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <span>

#include "roles/receive_buffer.hpp"
#include "simhadr/models/disk_model.hpp"
#include "simhadr/pipeline/standby_cycle.hpp"
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
  InstantDisk disk;
  RunResult result;
  StandbyCycle cycle({.ack = AckPoint::None, .buffer_pages = buffer_pages}, disk, result);
  std::uint64_t received = 0;
  std::uint64_t flushed_pages = 0;
  std::uint64_t written_pages = 0;
  std::uint64_t flushes = 0;
  std::uint64_t written_flushes = 0;
  const auto write_one = [&] {
    const StandbyWrite write = cycle.start_write(Nanos{0});
    written_pages += write.pages;
    check(written_pages <= flushed_pages);
    buffer.mark_written(write.pages);
    const StandbyWriteDone done = cycle.write_done(Nanos{0});
    check(done.freed_pages == write.pages);
    buffer.free_written(done.freed_pages);
    ++written_flushes;
  };
  try {
    while (!stream.empty()) {
      const ReceiveBuffer::FreeSpace space = buffer.free_spaces();
      check(space.size() == cycle.room_bytes());
      if (space.size() == 0) {
        // Full: the standby writes before it receives again, and a full buffer holds a
        // whole flush, since each must end within the handshake's size.
        check(cycle.may_write());
        write_one();
        continue;
      }
      // As one receive into both parts of a free space that wraps around the ring's end.
      const std::size_t n = std::min({space.size(), stream.size(), largest_recv});
      const std::size_t into_first = std::min(n, space.first.size());
      std::memcpy(space.first.data(), stream.data(), into_first);
      std::memcpy(space.second.data(), stream.data() + into_first, n - into_first);
      stream = stream.subspan(n);
      received += n;
      cycle.took_in(n, Nanos{0});
      buffer.commit(n, [&](std::uint32_t pages) {
        check(pages >= 1 && pages <= flush_pages);
        flushed_pages += pages;
        ++flushes;
        cycle.flush_received(pages);
      });
    }
  } catch (const ProtocolError&) {
    return 0;
  }
  // Drained at the end of the stream, as when the primary closes: every whole flush, and
  // nothing of one cut short.
  while (cycle.may_write()) write_one();
  check(written_pages == flushed_pages);
  check(written_flushes == flushes);
  check(buffer.bytes_after_last_flush() == received - pages_to_bytes(flushed_pages));
  return 0;
}
