#include "simhadr/report/interval_line.hpp"

#include <fmt/format.h>

#include "simhadr/rate.hpp"

namespace simhadr {

std::string interval_line(const IntervalSample& s) {
  const std::string ship = s.shipped == 0 ? std::string("ship -")
                                          : fmt::format("ship avg {:.6f} max {:.6f} s",
                                                        seconds_per_call(s.ship_total, s.shipped),
                                                        to_seconds(s.ship_max));
  const std::string buffer =
      s.buffer_used_fraction
          ? fmt::format(", rcvbuf used {:.1f}% full {:.6f} s", *s.buffer_used_fraction * 100,
                        to_seconds(s.buffer_full_time))
          : std::string();
  std::string replay;
  if (s.spool_bytes) replay += fmt::format(", spool {} bytes", *s.spool_bytes);
  if (s.takeover_replay) {
    replay += fmt::format(", takeover replay {:.6f} s", to_seconds(*s.takeover_replay));
  }
  std::string lags;
  for (std::size_t i = 0; i < s.auxiliary_lag_bytes.size(); ++i) {
    // Standby 1 is the principal; auxiliaries are numbered from 2, in -rhost order.
    lags += fmt::format(", standby {} behind {} bytes {:.6f} s", i + 2, s.auxiliary_lag_bytes[i],
                        to_seconds(s.auxiliary_lag_age[i]));
  }
  const std::string stalled = s.stalled > Nanos{0}
                                  ? fmt::format(", stalled {:.3f} s", to_seconds(s.stalled))
                                  : std::string();
  return fmt::format(
      "Interval {:.3f}-{:.3f} s: {:.3f} MB/s, {} flushes, {}, {} congestions {:.6f} s{}{}{}{}",
      to_seconds(s.start), to_seconds(s.end), mbytes_per_sec(s.log_bytes, s.end - s.start),
      s.flushes, ship, s.congestions, to_seconds(s.congestion_time), buffer, replay, lags, stalled);
}

}  // namespace simhadr
