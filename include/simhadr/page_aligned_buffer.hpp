#pragma once
// Bytes that start on a page boundary, all set to one value. Direct IO needs
// the boundary, and the kernel copies between a socket and user memory faster
// from and to it. A large malloc block starts 16 bytes into a page, so each
// cache line of a flush would be split differently on the two sides of every copy.
#include <cstddef>
#include <memory>
#include <span>
#include <stdexcept>

namespace simhadr {

struct OutOfMemory : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class PageAlignedBuffer {
 public:
  // Throws OutOfMemory, naming the size, when the memory is not there.
  PageAlignedBuffer(std::size_t bytes, char fill);

  std::span<char> bytes() { return {data_.get(), size_}; }
  std::span<const char> bytes() const { return {data_.get(), size_}; }
  std::size_t size() const { return size_; }

 private:
  struct Free {
    void operator()(char* p) const;
  };
  std::unique_ptr<char, Free> data_;
  std::size_t size_;
};

}  // namespace simhadr
