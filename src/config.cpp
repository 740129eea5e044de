#include "simhadr/config.hpp"

#include <algorithm>

#include "simhadr/limits.hpp"

namespace simhadr {

std::uint32_t default_buffer_pages(std::uint32_t flush_pages) {
  return std::min(kDefaultBufferFlushes * flush_pages, kMaxStandbyBufferPages);
}

std::uint32_t RunConfig::largest_flush_pages() const {
  if (logger) return logger->buffer_pages;
  if (flush_size_list) return std::ranges::max(flush_size_list->pages);
  return effective_flush_pages();
}

std::uint64_t RunConfig::network_window_bytes() const {
  std::uint64_t window = kAutotunedWindowBytes;
  for (const std::optional<int>& size :
       {socket.send_buffer, socket.receive_buffer, standby_request.receive_buffer}) {
    if (size) window = std::min<std::uint64_t>(window, static_cast<std::uint64_t>(*size));
  }
  return window;
}

}  // namespace simhadr
