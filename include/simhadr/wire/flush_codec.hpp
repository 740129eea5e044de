#pragma once
// Log pages as they travel: the last page of each flush starts with "End of
// flush" and a NUL; in the original every other byte is '.', which FlushImage
// makes (our primary's other payloads: src/payload). The standby answers with
// a 16-byte ack in SYNC and NEARSYNC; ours, stopped by a signal, sends the
// 16-byte stop notice in any mode before it closes (docs/protocol.md).
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "simhadr/page_aligned_buffer.hpp"

namespace simhadr {

inline constexpr char kPageFill = '.';
inline constexpr std::string_view kEndOfFlushMarker{"End of flush\0", 13};
inline constexpr std::size_t kAckBytes = 16;
inline constexpr std::string_view kAckMessage{"ack message\0\0\0\0\0", kAckBytes};
// A killed standby closes as a stopped one does: this tells them apart.
inline constexpr std::string_view kStopNotice{"stopping\0\0\0\0\0\0\0\0", kAckBytes};

// One buffer, built once, whose last n pages are a valid flush of n pages for
// any n up to max_pages: flushes of varying size are spans, never copies.
class FlushImage {
 public:
  explicit FlushImage(std::uint32_t max_pages);
  std::span<const char> flush(std::uint32_t pages) const;
  std::uint32_t max_pages() const;

 private:
  PageAlignedBuffer bytes_;
};

// True when a page starts with the end-of-flush marker (needs its first 13 bytes).
bool starts_with_marker(std::span<const char> page);

}  // namespace simhadr
