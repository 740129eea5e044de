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

std::string compression_what_if_text(const CompressionWhatIf& w) {
  if (!w.compressor) {
    return "the incompressible payload does not shrink; -payload with archived log files gives "
           "what compressing the link would do for your log";
  }
  const CompressorFigures& compressor = *w.compressor;
  const std::string codec = compression_choice_text({compressor.compressor, compressor.level});
  const std::string figures = fmt::format(
      "{} at the payload's {:.2f}x ({:.2f} CPU seconds per GB compressing, {:.2f} "
      "restoring)",
      codec, compressor.ratio, compressor.compress_seconds_per_gb,
      compressor.decompress_seconds_per_gb);
  if (!w.helps()) {
    return fmt::format(
        "would not help: the best of the payload's compressors, {}, would give {} {} MBytes/sec "
        "against {} now, limited by {}",
        figures, to_string(w.mode), rate_text(w.mbytes_per_sec),
        rate_text(w.uncompressed_mbytes_per_sec), resource_name(w.limited_by));
  }
  // Where something else sets the pace the link carries only that: what it
  // could take at the ratio is its capacity, not its load.
  const bool link_binds = w.limited_by == Resource::NetworkBandwidth;
  std::string text = fmt::format(
      "{} would give {} {} MBytes/sec against {} now, then limited by {} ({} {} MBytes/sec of "
      "log); confirm with {}",
      figures, to_string(w.mode), rate_text(w.mbytes_per_sec),
      rate_text(w.uncompressed_mbytes_per_sec), resource_name(w.limited_by),
      link_binds ? "the link carrying" : "the link could take, at that ratio,",
      rate_text(w.link_mbytes_per_sec),
      w.confirm_with_model
          ? fmt::format("this command and -compress {}", compressor_name(compressor.compressor))
          : fmt::format("-compress {} on both sides", codec));
  if (w.payload == PayloadKind::Dots) {
    text += "; but dots shrink far more than log does: -payload FILE gives your log's ratio";
  }
  return text;
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
  if (b.compression_what_if) {
    fmt::print(out, "Compressing the link (what-if): {}\n",
               compression_what_if_text(*b.compression_what_if));
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
