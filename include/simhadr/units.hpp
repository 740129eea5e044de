#pragma once
// Units used everywhere: pages of 4096 bytes, MBytes = 10^6 bytes and
// KBytes = 10^3 bytes (as the original reports them), durations in nanoseconds.
// Rates are in rate.hpp.
#include <chrono>
#include <cstdint>

namespace simhadr {

using Nanos = std::chrono::nanoseconds;

inline constexpr std::uint64_t kPageBytes = 4096;
inline constexpr double kBytesPerMByte = 1e6;
inline constexpr double kBytesPerGByte = 1e9;
inline constexpr double kBytesPerKByte = 1e3;
// IBM's HADR calculator and db2logscan write MB/s for 2^20 bytes a second.
inline constexpr double kBytesPerMiB = 1024.0 * 1024.0;

constexpr std::uint64_t pages_to_bytes(std::uint64_t pages) {
  return pages * kPageBytes;
}

constexpr double to_seconds(Nanos d) {
  return std::chrono::duration<double>(d).count();
}

constexpr Nanos from_seconds(double seconds) {
  return std::chrono::duration_cast<Nanos>(std::chrono::duration<double>(seconds));
}

constexpr std::uint64_t to_whole_micros(Nanos d) {
  return d.count() <= 0 ? 0 : static_cast<std::uint64_t>(d.count() / 1000);
}

// Average size of one call in KBytes; 0 when there were no calls. The
// original averages in whole bytes first (65367.87 bytes prints as 65.367).
constexpr double kbytes_per_call(std::uint64_t bytes, std::uint64_t calls) {
  return calls > 0 ? static_cast<double>(bytes / calls) / kBytesPerKByte : 0.0;
}

constexpr double seconds_per_call(Nanos total, std::uint64_t calls) {
  return calls > 0 ? to_seconds(total) / static_cast<double>(calls) : 0.0;
}

}  // namespace simhadr
