#include "disk/disk_io_loop.hpp"

#include <algorithm>
#include <chrono>
#include <memory>

#include "payload/page_source.hpp"
#include "simhadr/page_aligned_buffer.hpp"

namespace simhadr {

namespace {

using IoClock = std::chrono::steady_clock;

// One read or write: what it moved, how long the disk took, and how long
// making the payload took before the disk's clock started.
struct DiskIoStep {
  std::size_t moved = 0;
  Nanos took{};
  Nanos making{};
};

DiskIoStep one_disk_io(DiskFile& file, PageAlignedBuffer& buffer, PageSource* payload,
                       std::uint32_t pages, std::uint64_t offset) {
  DiskIoStep step;
  const auto making_start = IoClock::now();
  const std::span<const char> written = payload ? payload->next_pages(pages) : buffer.bytes();
  const auto before = IoClock::now();
  step.making = before - making_start;
  step.moved = payload ? file.write_at(written, offset) : file.read_at(buffer.bytes(), offset);
  step.took = IoClock::now() - before;
  return step;
}

void count_disk_io(DiskIoResult& result, const DiskIoStep& step) {
  ++result.ios;
  result.bytes += step.moved;
  result.io_time += step.took;
  result.micros.add(to_whole_micros(step.took));
  result.percentiles.add(to_whole_micros(step.took));
}

}  // namespace

DiskIoResult run_disk_io(DiskFile& file, DiskAccess access, const DiskIoPlan& plan,
                         const StopSource& stop, RunLog& log) {
  const std::size_t io_bytes = pages_to_bytes(plan.pages);
  const bool reading = access == DiskAccess::Read;
  PageAlignedBuffer buffer(reading ? io_bytes : 0, '\0');
  std::unique_ptr<PageSource> payload;
  const char* verb = reading ? "Reading" : "Writing";

  DiskIoResult result;
  try {
    if (!reading) payload = make_page_source(plan.payload, plan.pages, Lookback::Blocks);
  } catch (const std::exception& error) {
    // On a writer's thread of its own: a line in the report, never an escaped exception.
    result.failure = error.what();
    return result;
  }
  std::uint64_t offset = 0;
  Nanos making{};  // making the payload, which is not the disk's time: left out of the elapsed
  const auto start = IoClock::now();
  while (!stop.requested()) {
    if (plan.max_ios && result.ios >= *plan.max_ios) break;
    if (plan.run_time && IoClock::now() - start >= *plan.run_time) break;
    DiskIoStep step;
    try {
      step = one_disk_io(file, buffer, payload.get(), plan.pages, offset);
    } catch (const DiskError& error) {
      result.failure = error.what();
      break;
    } catch (const PayloadError& error) {
      result.failure = error.what();
      break;
    }
    making += step.making;
    if (step.moved == 0) {
      result.end_of_file = true;
      break;
    }
    count_disk_io(result, step);
    log.trace("{} {} bytes at offset {} took {:.6f} second.", verb, step.moved, offset,
              to_seconds(step.took));
    offset += step.moved;
    if (reading && step.moved < io_bytes) {
      result.end_of_file = true;
      break;
    }
    if (plan.wrap_bytes > 0 && offset + io_bytes > plan.wrap_bytes) offset = 0;
  }
  result.paced = IoClock::now() - start;
  result.elapsed = result.paced - making;
  return result;
}

}  // namespace simhadr
