#include "simhadr/wire/flush_codec.hpp"

#include <algorithm>

#include "simhadr/units.hpp"

namespace simhadr {

FlushImage::FlushImage(std::uint32_t max_pages) : bytes_(pages_to_bytes(max_pages), kPageFill) {
  std::ranges::copy(kEndOfFlushMarker, bytes_.bytes().last(kPageBytes).begin());
}

std::span<const char> FlushImage::flush(std::uint32_t pages) const {
  const std::size_t length = pages_to_bytes(pages);
  return bytes_.bytes().last(length);
}

std::uint32_t FlushImage::max_pages() const {
  return static_cast<std::uint32_t>(bytes_.size() / kPageBytes);
}

bool starts_with_marker(std::span<const char> page) {
  return page.size() >= kEndOfFlushMarker.size() &&
         std::string_view(page.data(), kEndOfFlushMarker.size()) == kEndOfFlushMarker;
}

}  // namespace simhadr
