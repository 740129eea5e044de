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
inline constexpr double kMaxRateMBps = 1e6;          // any MB/s a rate option takes
inline constexpr double kMaxIops = 1e8;              // a disk's IOPS cap
inline constexpr double kLeastIopsCap = 1;           // one IO a second
inline constexpr double kLeastMBpsCap = 0.001;       // a kilobyte a second
inline constexpr double kMaxOverheadSeconds = 60.0;  // per IO, per replayed flush, a round trip
inline constexpr double kMaxNetDelaySeconds = 10.0;  // one way
inline constexpr double kMaxTlsCostSecondsPerGb = 1000.0;  // -tlsCost: 1 MB/s of cipher
inline constexpr double kMaxTcpCostSecondsPerGb = 1000.0;  // -tcpCost: 1 MB/s of TCP
// -model -compress RATIO: dots shrink some thousands of times.
inline constexpr double kMaxCompressionRatio = 100000.0;
inline constexpr double kMaxCompressionSecondsPerGb = 1000.0;
inline constexpr double kMinIntervalSeconds = 0.1;  // -interval
inline constexpr std::uint32_t kMaxThreads = 64;    // -threads

}  // namespace simhadr
