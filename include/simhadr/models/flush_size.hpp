#pragma once
// Where the size of each log flush comes from. Fixed today; a distribution
// or a workload-driven logger plugs in behind the same call.
#include <cstdint>

namespace simhadr {

class FlushSizeSource {
 public:
  virtual ~FlushSizeSource() = default;
  virtual std::uint32_t next_pages() = 0;
  // The largest flush this source can produce, for sizing buffers once.
  virtual std::uint32_t max_pages() const = 0;
};

class FixedFlushSize final : public FlushSizeSource {
 public:
  explicit FixedFlushSize(std::uint32_t pages) : pages_(pages) {}
  std::uint32_t next_pages() override { return pages_; }
  std::uint32_t max_pages() const override { return pages_; }

 private:
  std::uint32_t pages_;
};

}  // namespace simhadr
