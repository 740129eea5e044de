#include "simhadr/page_aligned_buffer.hpp"

#include <cstdlib>
#include <cstring>
#include <new>

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
  if (!data_) throw std::bad_alloc();
  std::memset(data_.get(), fill, size_);
}

void PageAlignedBuffer::Free::operator()(char* p) const {
  std::free(p);
}

}  // namespace simhadr
