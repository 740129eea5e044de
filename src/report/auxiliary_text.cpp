#include "simhadr/report/auxiliary_text.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "simhadr/models/network.hpp"

namespace simhadr {

namespace {

std::string lag_text(const StandbyLag& lag) {
  return fmt::format("{} bytes ({} in the send queue), {} flushes, {:.6f} seconds of log",
                     lag.bytes, lag.queued_bytes, lag.flushes, to_seconds(lag.log_age));
}

}  // namespace

void write_auxiliary_streams(std::ostream& out, const RunResult& primary) {
  const std::uint64_t outbound = primary.outbound_bytes();
  const double seconds = to_seconds(primary.elapsed);
  for (std::size_t i = 0; i < primary.auxiliaries.size(); ++i) {
    const AuxiliaryStream& a = primary.auxiliaries[i];
    // -model names a standby by its host alone when no -rport list gave it a port.
    const std::string where =
        a.listed.port == 0 ? a.listed.host : fmt::format("{}:{}", a.listed.host, a.listed.port);
    fmt::print(out, "\nAuxiliary standby {} ({}), SUPERASYNC:\n", i + 2, where);
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

void write_uplink_share(std::ostream& out, const RunResult& primary) {
  if (primary.auxiliaries.empty()) return;
  const std::uint64_t outbound = primary.outbound_bytes();
  const auto share = [&](std::uint64_t bytes) {
    return outbound > 0 ? static_cast<double>(bytes) / outbound * 100 : 0.0;
  };
  std::string split = fmt::format("the principal {:.1f}%", share(primary.sends.bytes));
  for (std::size_t i = 0; i < primary.auxiliaries.size(); ++i) {
    split += fmt::format(", standby {} {:.1f}%", i + 2, share(primary.auxiliaries[i].sent_bytes));
  }
  const double sent = mbytes_per_sec(outbound, primary.elapsed);
  fmt::print(out, "Uplink: the primary sent {:.6f} MBytes/sec in all: {}.", sent, split);
  if (primary.settings.uplink) {
    const double payload = (*primary.settings.uplink * NetworkModel::kPayloadShare).value();
    fmt::print(out,
               " The shared uplink of {:.6f} MBytes/sec carries {:.6f} of log at most; the "
               "streams used {:.1f}% of it{}\n",
               primary.settings.uplink->value(), payload, sent / payload * 100,
               sent >= payload * 0.97
                   ? ": it is full, so what the auxiliaries take, the principal loses."
                   : ".");
  } else if (!primary.auxiliaries.empty()) {
    fmt::print(out,
               " Where the standbys' connections share one uplink, its rate bounds this sum, and "
               "an auxiliary catching up takes its share from the principal.\n");
  }
  out.flush();
}

}  // namespace simhadr
