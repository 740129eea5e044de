#include "simhadr/page_aligned_buffer.hpp"

#include <fmt/format.h>

#include <cstring>
#include <new>

#include "simhadr/units.hpp"

namespace simhadr {

namespace {

constexpr std::align_val_t kPageAlignment{kPageBytes};

// Whole pages, so that an IO around the page cache may cover all of it.
std::size_t whole_pages_of(std::size_t bytes) {
  return (bytes + kPageBytes - 1) / kPageBytes * kPageBytes;
}

}  // namespace

PageAlignedBuffer::PageAlignedBuffer(std::size_t bytes, char fill)
    : data_(
          static_cast<char*>(::operator new(whole_pages_of(bytes), kPageAlignment, std::nothrow))),
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
  ::operator delete(p, kPageAlignment);
}

}  // namespace simhadr
