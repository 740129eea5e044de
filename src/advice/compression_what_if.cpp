#include "simhadr/advice/compression_what_if.hpp"

#include "simhadr/advice/models_limit.hpp"
#include "simhadr/models/thread_shipping.hpp"

namespace simhadr {

namespace {

// A flush's costs on a compressed link: fewer bytes to send, and each side's
// thread paying for compression on what it handles.
FlushCosts compressed(const FlushCosts& costs, double bytes, double ratio, const Inputs& out,
                      const NetworkModel& wire) {
  FlushCosts c = costs;
  c.send = costs.send / ratio;
  c.threads = thread_shipping(static_cast<std::uint64_t>(bytes), out.thread_cpu, wire);
  return c;
}

// The inputs with the link compressed as `figures` say (a modelled link, or the
// wire a real run measured: compression_what_if() calls for one of the two).
Inputs with_link_compressed(const RunResult& primary, const Inputs& in,
                            const CompressorFigures& figures) {
  Inputs out = in;
  out.thread_cpu = in.thread_cpu.with_compression(figures.ratio, figures.compress_seconds_per_gb,
                                                  figures.decompress_seconds_per_gb);
  if (primary.settings.network) {
    NetworkParams modelled = *primary.settings.network;
    modelled.compression = figures.ratio;
    out.network.emplace(modelled, primary.settings.network_window);
  }
  if (!in.modelled_rate()) {
    out.path->mbytes_per_sec *= figures.ratio;
    out.path->wire_seconds_per_flush /= figures.ratio;
    out.path->compression_ratio = figures.ratio;
  }
  // The modelled link, or the measured wire as a model: its log rate and round
  // trip, the window left out.
  const NetworkModel wire =
      in.modelled_rate()
          ? *out.network
          : NetworkModel({in.costs.round_trip / 2,
                          MBytesPerSec(in.path->mbytes_per_sec / NetworkModel::kPayloadShare),
                          figures.ratio},
                         std::uint64_t{1} << 40);
  out.costs = compressed(in.costs, in.bytes, figures.ratio, out, wire);
  for (FlushPart& part : out.mix) {
    part.costs = compressed(part.costs, part.bytes, figures.ratio, out, wire);
  }
  return out;
}

}  // namespace

std::optional<CompressionWhatIf> compression_what_if(const RunResult& primary, const Inputs& in) {
  const std::optional<PayloadSpec>& payload = primary.settings.payload;
  if (!payload || in.compression_ratio() != 1) return std::nullopt;
  if (!in.modelled_rate() && !in.measured_wire()) return std::nullopt;
  const SyncMode mode = primary.settings.mode;
  const ModelsLimit today = models_limit(mode, in);
  // Nothing to gain, and nothing measured: the line says to bring the log.
  if (payload->kind == PayloadKind::Incompressible) {
    return CompressionWhatIf{.payload = payload->kind,
                             .compressor = std::nullopt,
                             .mode = mode,
                             .mbytes_per_sec = today.mbytes_per_sec,
                             .uncompressed_mbytes_per_sec = today.mbytes_per_sec,
                             .link_mbytes_per_sec = in.link_mbytes_per_sec(),
                             .limited_by = today.resource,
                             .confirm_with_model = primary.settings.modelled};
  }
  if (!payload->compressibility) return std::nullopt;
  const double uncompressed = today.mbytes_per_sec;
  std::optional<CompressionWhatIf> best;
  for (const CompressorFigures& figures : payload->compressibility->measured) {
    if (figures.ratio <= 0) continue;
    const Inputs with = with_link_compressed(primary, in, figures);
    const ModelsLimit limit = models_limit(mode, with);
    if (best && limit.mbytes_per_sec <= best->mbytes_per_sec) continue;
    best = CompressionWhatIf{.payload = payload->kind,
                             .compressor = figures,
                             .mode = mode,
                             .mbytes_per_sec = limit.mbytes_per_sec,
                             .uncompressed_mbytes_per_sec = uncompressed,
                             .link_mbytes_per_sec = with.link_mbytes_per_sec(),
                             .limited_by = limit.resource,
                             .confirm_with_model = primary.settings.modelled};
  }
  return best;
}

}  // namespace simhadr
