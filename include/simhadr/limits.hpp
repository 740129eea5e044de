#pragma once
// Bounds for every sized quantity a user or a peer can ask for. Anything
// beyond them is refused by name instead of allocated.
#include <cstdint>

namespace simhadr {

inline constexpr std::uint32_t kMaxFlushPages = 65536;           // 256 MiB per flush
inline constexpr std::uint32_t kMaxStandbyBufferPages = 262144;  // 1 GiB receive buffer
inline constexpr int kMaxSocketBufferBytes = 1 << 30;
inline constexpr double kMaxRunSeconds = 366.0 * 24 * 3600;
inline constexpr double kMaxOutageSeconds = kMaxRunSeconds;
inline constexpr double kMaxSleepTestSeconds = 60.0;
inline constexpr double kMaxSpinSeconds = 0.1;

}  // namespace simhadr
