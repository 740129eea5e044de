#include "simhadr/advice/compression_what_if.hpp"

#include "simhadr/advice/models_limit.hpp"
#include "simhadr/models/thread_shipping.hpp"

namespace simhadr {

namespace {

// The inputs with the link compressed as `figures` say.
Inputs compressed(const RunResult& primary, const Inputs& in, const CompressorFigures& figures) {
  Inputs out = in;
  out.thread_cpu.compress_seconds_per_byte = figures.compress_seconds_per_gb / kBytesPerGByte;
  out.thread_cpu.decompress_seconds_per_byte = figures.decompress_seconds_per_gb / kBytesPerGByte;
  NetworkParams link;
  if (in.modelled_rate()) {
    link = *primary.settings.network;
    link.compression = figures.ratio;
    out.network.emplace(link, primary.settings.network_window);
  } else {
    // The measured wire as a model: its log rate and round trip, the window left out.
    link = {in.costs.round_trip / 2,
            MBytesPerSec(in.path->mbytes_per_sec / NetworkModel::kPayloadShare), figures.ratio};
    out.path->mbytes_per_sec *= figures.ratio;
    out.path->wire_seconds_per_flush /= figures.ratio;
    out.path->compression_ratio = figures.ratio;
  }
  out.costs.send = in.costs.send / figures.ratio;
  const NetworkModel wire = in.modelled_rate() ? *out.network : NetworkModel(link, 1ULL << 40);
  out.costs.threads = thread_shipping(out.whole_bytes(), out.thread_cpu, wire);
  return out;
}

}  // namespace

std::optional<CompressionWhatIf> compression_what_if(const RunResult& primary, const Inputs& in) {
  const std::optional<PayloadSpec>& payload = primary.settings.payload;
  if (!payload || !payload->compressibility || in.compression_ratio() != 1) return std::nullopt;
  if (!in.modelled_rate() && !in.measured_wire()) return std::nullopt;
  std::optional<CompressionWhatIf> best;
  for (const CompressorFigures& figures : payload->compressibility->measured) {
    if (figures.ratio <= 0) continue;
    const Inputs with = compressed(primary, in, figures);
    const ModelsLimit limit = models_limit(primary.settings.mode, with);
    if (best && limit.mbytes_per_sec <= best->mbytes_per_sec) continue;
    best = CompressionWhatIf{payload->kind,
                             figures,
                             primary.settings.mode,
                             limit.mbytes_per_sec,
                             with.link_mbytes_per_sec(),
                             limit.resource,
                             primary.settings.modelled};
  }
  return best;
}

}  // namespace simhadr
