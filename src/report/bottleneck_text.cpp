#include "simhadr/report/bottleneck_text.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <cmath>

#include "simhadr/report/evidence_text.hpp"

namespace simhadr {

namespace {

std::string rate_text(double mbytes_per_sec) {
  return std::isfinite(mbytes_per_sec) ? fmt::format("{:.6f}", mbytes_per_sec) : "unbounded";
}

}  // namespace

std::string verdict_text(const Bottleneck& b) {
  std::string text = evidence_sentence(b.evidence);
  if (b.nearest) {
    text += fmt::format("; nearest its limit, {}: {}", resource_name(b.nearest->resource),
                        evidence_sentence(b.nearest->evidence));
  }
  return text + evidence_asides(b.evidence);
}

void write_bottleneck(std::ostream& out, const Bottleneck& b) {
  fmt::print(out, "Bottleneck: {}: {}; measured {:.6f} MBytes/sec.\n", resource_name(b.resource),
             verdict_text(b), b.measured_mbytes_per_sec);
  if (b.covering_socket_buffer) {
    fmt::print(out, "Socket buffer covering bandwidth x round trip: {} bytes\n",
               *b.covering_socket_buffer);
  }
  if (b.modes.empty()) return;
  std::string modes;
  for (const ModeForecast& forecast : b.modes) {
    if (!modes.empty()) modes += ", ";
    modes += fmt::format("{} {}", to_string(forecast.mode), rate_text(forecast.mbytes_per_sec));
  }
  fmt::print(out, "Same models, each sync mode: {} MBytes/sec{}\n", modes,
             b.standby_disk_assumed ? " (standby disk taken to be like -disk)" : "");
}

}  // namespace simhadr
