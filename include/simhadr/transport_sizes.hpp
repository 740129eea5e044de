#pragma once
// The sizes in which a flush reaches the kernel and leaves it, shared by the
// transports that use them and the model (-model) that follows them.
#include <cstdint>

namespace simhadr {

// The TLS transport gathers a flush's records in a buffer of this size (room
// for a flush of 256 pages, the largest most runs use) and hands them to the
// kernel a buffer at a time: a larger flush is encrypted and sent in turns.
inline constexpr std::uint64_t kTlsGatheredBytes = 1 << 20;

// TCP builds what a send call copies into segments of up to 64 KB (the most
// GSO and loopback's MTU take) and hands each on as it is full, so the
// receiver can take the first while the sender's kernel still copies the rest.
inline constexpr std::uint64_t kTcpSegmentBytes = 64 * 1024;

}  // namespace simhadr
