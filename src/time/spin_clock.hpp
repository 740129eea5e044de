#pragma once
// The real clock. A simulated IO sleeps in the kernel until (deadline - spin)
// with an absolute deadline, then busy-waits the rest on the clock, as the
// original does. The spin is sized from how late this host's wake-ups have
// actually come, so it costs only the CPU that accuracy needs. Sleeps are cut
// into short slices so a stop request is seen.
#include <array>
#include <cstdint>

#include "simhadr/clock.hpp"
#include "simhadr/stop.hpp"

namespace simhadr {

struct SleepCalibration {
  Nanos overhead;  // typical lateness of a short OS sleep
  Nanos spin;      // what sleep_until busy-waits at the end, to begin with
};

// Measures the lateness of short OS sleeps; the spin starts a little above it.
SleepCalibration calibrate_sleep();

// Keeps the lateness of the last wake-ups and sizes the spin from them: the
// median of the last 32. Half the IOs wake early and spin the little that is
// left; the other half end late by how much later than usual they woke, which
// the report tallies (report/sleep_text). Covering all but the latest instead
// spun through nearly every short IO: 90% of a CPU a side for the -disk a fast
// disk test suggests, against 14% at the median for 2% less of the model's
// rate; and a stall does not turn every later sleep into a spin.
//
// On a host whose CPUs are all busy the wake-ups come late because another
// task has the CPU, and spinning longer only spends the CPU time that gets
// the spinner preempted in the middle of its spin, which then ends later
// still. So when two spins in the window overran by more than an idle
// host's brief preemptions (by a kernel thread, or the peer waking), the spin
// falls back to the first, calibrated one, and stays there for the next
// kContendedHold spins: busy CPUs stay busy, and each try at the longer spin
// costs two preempted ones.
class SpinSizer {
 public:
  static constexpr std::size_t kWindow = 32;
  static constexpr Nanos kMaxSpin = std::chrono::microseconds(500);
  // A busy-wait that reads the clock ends within a microsecond. Idle, a spin now and then ends
  // some microseconds late; 20 us counted those and cost NEARSYNC 1 page 1.2% of its rate.
  static constexpr Nanos kPreemptedSpin = std::chrono::microseconds(50);
  static constexpr std::size_t kPreemptedToFallBack = 2;
  static constexpr std::size_t kContendedHold = 8 * kWindow;

  explicit SpinSizer(Nanos initial)
      : calibrated_(std::min(initial, kMaxSpin)), measured_(calibrated_) {}
  void woke_late_by(Nanos lateness);
  // How late the spin that followed a wake-up ended.
  void spun_late_by(Nanos overrun);
  Nanos spin() const;

 private:
  std::array<Nanos, kWindow> recent_{};
  std::size_t seen_ = 0;
  Nanos calibrated_;
  Nanos measured_;
  std::array<bool, kWindow> preempted_{};
  std::size_t spins_ = 0;
  std::size_t preempted_in_window_ = 0;
  std::size_t contended_until_ = 0;  // a spin count
};

// A spin the user gave stays fixed; a measured one follows the wake-ups.
enum class SpinPolicy : std::uint8_t { Fixed, Adaptive };

class SpinClock final : public Clock {
 public:
  SpinClock(Nanos spin, SpinPolicy policy, const StopSource& stop)
      : fixed_spin_(spin), sizer_(spin), policy_(policy), stop_(stop) {}
  time_point now() const override;
  void sleep_until(time_point t) override;
  void sleep_about_until(time_point t) override;
  Nanos spin() const { return policy_ == SpinPolicy::Fixed ? fixed_spin_ : sizer_.spin(); }

 private:
  Nanos fixed_spin_;
  SpinSizer sizer_;
  SpinPolicy policy_;
  const StopSource& stop_;
};

}  // namespace simhadr
