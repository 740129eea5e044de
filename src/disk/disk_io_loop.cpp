#include "disk/disk_io_loop.hpp"

#include <algorithm>
#include <chrono>
#include <memory>

#include "payload/page_source.hpp"
#include "simhadr/page_aligned_buffer.hpp"

namespace simhadr {

DiskIoResult run_disk_io(DiskFile& file, DiskAccess access, const DiskIoPlan& plan,
                         const StopSource& stop, RunLog& log) {
  using clock = std::chrono::steady_clock;
  const std::size_t io_bytes = pages_to_bytes(plan.pages);
  const bool reading = access == DiskAccess::Read;
  PageAlignedBuffer buffer(reading ? io_bytes : 0, '\0');
  std::unique_ptr<PageSource> payload;
  const char* verb = reading ? "Reading" : "Writing";

  DiskIoResult result;
  try {
    if (!reading) payload = make_page_source(plan.payload, plan.pages);
  } catch (const std::exception& error) {
    // On a writer's thread of its own: a line in the report, never an escaped exception.
    result.failure = error.what();
    return result;
  }
  std::uint64_t offset = 0;
  Nanos making{};  // making the payload, which is not the disk's time
  const auto start = clock::now();
  while (!stop.requested()) {
    if (plan.max_ios && result.ios >= *plan.max_ios) break;
    if (plan.run_time && clock::now() - start >= *plan.run_time) break;
    std::size_t moved = 0;
    Nanos took{};
    try {
      // The payload is made before the IO's clock starts, and left out of the elapsed time.
      const auto making_start = clock::now();
      const std::span<const char> written =
          reading ? buffer.bytes() : payload->next_pages(plan.pages);
      const auto before = clock::now();
      making += before - making_start;
      moved = reading ? file.read_at(buffer.bytes(), offset) : file.write_at(written, offset);
      took = clock::now() - before;
    } catch (const DiskError& error) {
      result.failure = error.what();
      break;
    } catch (const PayloadError& error) {
      result.failure = error.what();
      break;
    }
    if (moved == 0) {
      result.end_of_file = true;
      break;
    }
    ++result.ios;
    result.bytes += moved;
    result.io_time += took;
    result.micros.add(to_whole_micros(took));
    result.percentiles.add(to_whole_micros(took));
    log.trace("{} {} bytes at offset {} took {:.6f} second.", verb, moved, offset,
              to_seconds(took));
    offset += moved;
    if (reading && moved < io_bytes) {
      result.end_of_file = true;
      break;
    }
    if (plan.wrap_bytes > 0 && offset + io_bytes > plan.wrap_bytes) offset = 0;
  }
  result.elapsed = clock::now() - start - making;
  return result;
}

}  // namespace simhadr
