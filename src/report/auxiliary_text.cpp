#include "simhadr/report/auxiliary_text.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

namespace simhadr {

namespace {

std::string lag_text(const StandbyLag& lag) {
  return fmt::format("{} bytes, {} flushes, {:.6f} seconds of log", lag.bytes, lag.flushes,
                     to_seconds(lag.log_age));
}

}  // namespace

std::uint64_t outbound_bytes(const RunResult& primary) {
  std::uint64_t bytes = primary.sends.bytes;
  for (const AuxiliaryStream& auxiliary : primary.auxiliaries) bytes += auxiliary.sent_bytes;
  return bytes;
}

void write_auxiliary_streams(std::ostream& out, const RunResult& primary) {
  const std::uint64_t outbound = outbound_bytes(primary);
  const double seconds = to_seconds(primary.elapsed);
  for (std::size_t i = 0; i < primary.auxiliaries.size(); ++i) {
    const AuxiliaryStream& a = primary.auxiliaries[i];
    fmt::print(out, "\nAuxiliary standby {} ({}:{}), SUPERASYNC:\n", i + 2, a.listed.host,
               a.listed.port);
    fmt::print(out,
               "Total {} bytes sent in {:.6f} seconds. {:.6f} MBytes/sec, {} flushes, {:.1f}% of "
               "the primary's outbound bytes\n",
               a.sent_bytes, seconds, mbytes_per_sec(a.sent_bytes, primary.elapsed),
               a.flushes.calls,
               outbound > 0 ? static_cast<double>(a.sent_bytes) / outbound * 100 : 0.0);
    fmt::print(out, "Total {} send calls, {} congestions, {:.6f} seconds\n", a.sends.calls,
               a.congestions.calls, to_seconds(a.congestions.time));
    fmt::print(out, "Behind at the end: {}\n", lag_text(a.lag));
    fmt::print(out, "Behind at worst:   {}\n", lag_text(a.worst_lag));
    if (!a.failure.empty()) fmt::print(out, "Its connection broke: {}\n", a.failure);
  }
  out.flush();
}

}  // namespace simhadr
