#pragma once
// What running the simulator cost the host, and what the host's other work
// cost the simulator: CPU time used, and time spent runnable but waiting for
// a CPU. A side that waited for a CPU measured the host as much as the
// network and the disks, and its report says so.
#include <chrono>
#include <optional>

#include "simhadr/units.hpp"

namespace simhadr {

struct CpuUsage {
  Nanos user{};
  Nanos system{};
  // Runnable, but another task had the CPU (the kernel's run delay). Absent
  // where the kernel does not keep scheduler statistics.
  std::optional<Nanos> waiting_for_cpu;
  Nanos wall{};  // the span these figures cover
};

// Adds another thread's figures (a primary's auxiliary feeds) to a side's.
inline void add_thread(CpuUsage& side, const CpuUsage& thread) {
  side.user += thread.user;
  side.system += thread.system;
  if (side.waiting_for_cpu && thread.waiting_for_cpu) {
    *side.waiting_for_cpu += *thread.waiting_for_cpu;
  }
}

// A source reads a thread's cumulative figures, with `wall` the monotonic
// clock's reading, so the difference of two readings is what lay between them.
class CpuUsageSource {
 public:
  virtual ~CpuUsageSource() = default;
  virtual CpuUsage totals() const = 0;
};

// The calling thread's figures (each side of a -demo runs in a thread of its own).
class ThisThreadCpuUsage final : public CpuUsageSource {
 public:
  CpuUsage totals() const override;
};

// From its construction to `stop()`, on the thread the source reads.
class CpuMeter {
 public:
  explicit CpuMeter(const CpuUsageSource& source) : source_(source), begun_(source.totals()) {}
  CpuUsage stop() const;

 private:
  const CpuUsageSource& source_;
  CpuUsage begun_;
};

// From this share of the run spent waiting for a CPU on, a side's figures
// say more about the host's load than about its network and disks.
inline constexpr double kCpuBoundShare = 0.05;

inline double share_of(Nanos part, Nanos wall) {
  return wall > Nanos{0} ? to_seconds(part) / to_seconds(wall) : 0.0;
}

inline bool cpu_bound(const CpuUsage& usage) {
  return usage.waiting_for_cpu && share_of(*usage.waiting_for_cpu, usage.wall) >= kCpuBoundShare;
}

}  // namespace simhadr
