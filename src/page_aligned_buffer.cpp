#include "simhadr/page_aligned_buffer.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <cstring>

#include "simhadr/units.hpp"

namespace simhadr {

namespace {

// aligned_alloc wants a whole number of alignments.
std::size_t whole_pages_of(std::size_t bytes) {
  return (bytes + kPageBytes - 1) / kPageBytes * kPageBytes;
}

}  // namespace

PageAlignedBuffer::PageAlignedBuffer(std::size_t bytes, char fill)
    : data_(static_cast<char*>(std::aligned_alloc(kPageBytes, whole_pages_of(bytes)))),
      size_(bytes) {
  if (size_ == 0) return;
  if (!data_) {
    throw OutOfMemory(
        fmt::format("cannot allocate a buffer of {} bytes ({:.1f} MiB): out of memory", bytes,
                    static_cast<double>(bytes) / (1 << 20)));
  }
  std::memset(data_.get(), fill, size_);
}

void PageAlignedBuffer::Free::operator()(char* p) const {
  std::free(p);
}

}  // namespace simhadr
