#include "simhadr/pipeline/standby_buffer.hpp"

#include <algorithm>

#include "simhadr/config.hpp"
#include "simhadr/limits.hpp"

namespace simhadr {

std::uint32_t standby_buffer_pages(std::optional<std::uint32_t> asked_by_primary,
                                   std::optional<std::uint32_t> own,
                                   std::uint32_t largest_flush_pages) {
  if (asked_by_primary) return *asked_by_primary;
  if (own) return *own;
  return std::min(kDefaultBufferFlushes * largest_flush_pages, kMaxStandbyBufferPages);
}

}  // namespace simhadr
