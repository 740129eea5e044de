#pragma once
// The standby's receive buffer, one rule for both engines: the size the
// primary's handshake asks for (-standbyHadrBufSize) wins, then the standby's
// own -hadrBufSize, else room for kDefaultBufferFlushes of the largest flush,
// up to the largest buffer a standby takes.
#include <cstdint>
#include <optional>

namespace simhadr {

std::uint32_t standby_buffer_pages(std::optional<std::uint32_t> asked_by_primary,
                                   std::optional<std::uint32_t> own,
                                   std::uint32_t largest_flush_pages);

}  // namespace simhadr
