#pragma once
// One name per option for the code that relates options to each other, so a
// rule cannot name an option the table lacks. In the table's order, which a
// static_assert in option_table.cpp holds it to.
#include <cstddef>
#include <cstdint>

namespace simhadr {

enum class OptionId : std::uint8_t {
  Demo,
  Model,
  TestSleep,
  Role,
  Lhost,
  Lport,
  Rhost,
  Rport,
  SockSndBuf,
  SockRcvBuf,
  Nagle,
  Block,
  Bind,
  AnyHost,
  ConnectTimeout,
  StallTimeout,
  SyncMode,
  Rcu,
  FlushSize,
  T,
  N,
  Target,
  StandbySockSndBuf,
  StandbySockRcvBuf,
  StandbyHadrBufSize,
  FlushSizes,
  LogRate,
  LogBufSize,
  Workload,
  WorkloadSpeed,
  NetDelay,
  NetRate,
  UplinkRate,
  NetOutage,
  NetOutageEvery,
  HadrTimeout,
  Replay,
  HadrBufSize,
  SpoolLimit,
  Loop,
  Disk,
  Spin,
  Verbose,
  TestDisk,
  Write,
  Read,
  Cache,
  Preallocate,
  Threads,
  Calculate,
  Network,
  Diagnose,
  Json,
  Csv,
  Interval,
  Help,
  H,
  Version,
};

inline constexpr std::size_t kOptionCount = static_cast<std::size_t>(OptionId::Version) + 1;

}  // namespace simhadr
