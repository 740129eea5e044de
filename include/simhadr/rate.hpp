#pragma once
// Rates that carry their unit. The original, our reports and every -disk,
// -netRate, -replay or -target figure speak MBytes (10^6 bytes) a second;
// IBM's HADR calculator and db2logscan write "MB/s" for MiB (2^20 bytes) a
// second. The two are different types, so passing one where the other is
// meant does not compile, and a conversion is a visible rate_cast.
#include <compare>
#include <cstdint>
#include <limits>

#include "simhadr/units.hpp"

namespace simhadr {

struct MByteUnit {
  static constexpr double kBytes = kBytesPerMByte;
};
struct MiBUnit {
  static constexpr double kBytes = kBytesPerMiB;
};

template <class Unit>
class Rate {
 public:
  static constexpr double kUnitBytes = Unit::kBytes;

  constexpr Rate() = default;
  explicit constexpr Rate(double units_per_sec) : value_(units_per_sec) {}

  // `bytes` moved in `seconds`; 0 when no time has passed.
  static constexpr Rate of(double bytes, double seconds) {
    return Rate(seconds > 0 ? bytes / Unit::kBytes / seconds : 0.0);
  }

  // The figure in the unit's own terms (MBytes/s or MiB/s), as printed.
  constexpr double value() const { return value_; }
  constexpr double bytes_per_sec() const { return value_ * Unit::kBytes; }
  // Seconds to move `bytes` at this rate.
  constexpr double seconds_for(double bytes) const { return bytes / bytes_per_sec(); }

  constexpr auto operator<=>(const Rate&) const = default;
  constexpr Rate operator*(double factor) const { return Rate(value_ * factor); }
  constexpr Rate operator/(double divisor) const { return Rate(value_ / divisor); }

 private:
  double value_ = 0;
};

using MBytesPerSec = Rate<MByteUnit>;
using MiBPerSec = Rate<MiBUnit>;

// Multiplied up to bytes, then divided down: the powers of two are exact, so
// the one rounding is the decimal unit's.
template <class To, class Unit>
constexpr To rate_cast(Rate<Unit> rate) {
  return To{rate.value() * Unit::kBytes / To::kUnitBytes};
}

// 200_MBps, 8.5_MiBps: a rate written as the options and the calculator write it.
inline namespace rate_literals {
constexpr MBytesPerSec operator""_MBps(long double value) {
  return MBytesPerSec{static_cast<double>(value)};
}
constexpr MBytesPerSec operator""_MBps(unsigned long long value) {
  return MBytesPerSec{static_cast<double>(value)};
}
constexpr MiBPerSec operator""_MiBps(long double value) {
  return MiBPerSec{static_cast<double>(value)};
}
constexpr MiBPerSec operator""_MiBps(unsigned long long value) {
  return MiBPerSec{static_cast<double>(value)};
}
}  // namespace rate_literals

// A measured figure in MBytes/sec, as the reports print it; 0 when no time has
// passed, so an empty run prints zeros.
constexpr double mbytes_per_sec(double bytes, double seconds) {
  return MBytesPerSec::of(bytes, seconds).value();
}
constexpr double mbytes_per_sec(std::uint64_t bytes, Nanos elapsed) {
  return mbytes_per_sec(static_cast<double>(bytes), to_seconds(elapsed));
}

// What moving `bytes` in `seconds` allows, as a limit: unbounded when it takes no time.
inline double limit_mbytes_per_sec(double bytes, double seconds) {
  return seconds > 0 ? mbytes_per_sec(bytes, seconds) : std::numeric_limits<double>::infinity();
}

}  // namespace simhadr
