#include "runs/model_run.hpp"

#include <fmt/format.h>

#include <cmath>
#include <vector>

#include "compress/compression_probe.hpp"
#include "log/run_log.hpp"
#include "net/connect.hpp"
#include "net/tls_cost_probe.hpp"
#include "payload/payload_sample.hpp"
#include "runs/payload_compression.hpp"
#include "runs/text_output.hpp"
#include "runs/verdict.hpp"
#include "simhadr/report/payload_text.hpp"
#include "simhadr/report/text_report.hpp"
#include "virtual_time/virtual_run.hpp"

namespace simhadr {

namespace {

RoleOutcome outcome_of(const RunResult& result, bool interrupted) {
  RoleOutcome outcome;
  outcome.result = result;
  if (interrupted) outcome.end = RunEnd::Interrupted;
  return outcome;
}

// -tls: the cipher's cost per byte on each side, given or measured here now.
struct ModelledCipher {
  ThreadCpuCost cost;
  TlsCost primary;
  TlsCost standby;
};

ModelledCipher modelled_cipher(const TlsSettings& tls, std::uint64_t flush_bytes,
                               std::uint64_t receive_buffer_bytes) {
  if (const auto& given = tls.cipher_cost) {
    return {
        ThreadCpuCost::cipher_per_gb(given->encrypt_seconds_per_gb, given->decrypt_seconds_per_gb),
        {given->encrypt_seconds_per_gb, TlsCostSource::Given, {}, {}},
        {given->decrypt_seconds_per_gb, TlsCostSource::Given, {}, {}}};
  }
  const TlsCipherCost measured = measure_tls_cost(tls, flush_bytes, receive_buffer_bytes);
  const auto per_gb = [&](double seconds_per_byte) {
    return TlsCost{seconds_per_byte * kBytesPerGByte, TlsCostSource::Measured, measured.cipher,
                   measured.version};
  };
  return {{measured.encrypt_seconds_per_byte, measured.decrypt_seconds_per_byte, 0, 0},
          per_gb(measured.encrypt_seconds_per_byte),
          per_gb(measured.decrypt_seconds_per_byte)};
}

// -model -compress: the ratio and costs given, or a codec's as it streams a
// sample of the payload in flushes of the run's size.
struct ModelledLink {
  ModelledCompression figures;
  CompressionSource source = CompressionSource::Given;
};

ModelledLink modelled_link(const RunConfig& config) {
  ModelledLink link{*config.modelled_compression, CompressionSource::Given};
  const std::optional<CompressionChoice>& codec = link.figures.probed;
  if (!codec) return link;
  const std::vector<char> sample = payload_sample(config.payload, kProbeSampleBytes);
  const std::optional<CompressorFigures> measured =
      probe_stream(sample, *codec, pages_to_bytes(config.effective_flush_pages()));
  if (!measured) {
    throw RunError(fmt::format("-compress {}: this build of simhadr has no {}",
                               compression_choice_text(*codec),
                               compressor_name(codec->compressor)));
  }
  link.figures.ratio = measured->ratio;
  link.figures.compress_seconds_per_gb = measured->compress_seconds_per_gb;
  link.figures.decompress_seconds_per_gb = measured->decompress_seconds_per_gb;
  link.source = CompressionSource::Probed;
  return link;
}

// Each side's thread per byte of log: compressing (-compress), the cipher's
// and TCP's (-tcpCost), the last two on the compressed bytes; empty when none is charged.
std::optional<ThreadCpuCost> thread_cpu_cost(const std::optional<ModelledCipher>& cipher,
                                             const std::optional<TcpCost>& tcp,
                                             const std::optional<ModelledLink>& compression) {
  if (!cipher && !tcp && !compression) return std::nullopt;
  ThreadCpuCost cost = cipher ? cipher->cost : ThreadCpuCost{};
  if (tcp) {
    cost.tcp_send_seconds_per_byte = tcp->send_seconds_per_gb / kBytesPerGByte;
    cost.tcp_receive_seconds_per_byte = tcp->receive_seconds_per_gb / kBytesPerGByte;
  }
  if (!compression) return cost;
  const ModelledCompression& figures = compression->figures;
  return cost.with_compression(figures.ratio, figures.compress_seconds_per_gb,
                               figures.decompress_seconds_per_gb);
}

// What the model charged each side for compressing: the log it shipped, the
// wire bytes the ratio makes of it, and each side's cost per GB.
CompressionFacts charged(const ModelledLink& link, const RunResult& side, double seconds_per_gb) {
  CompressionFacts facts;
  facts.choice = link.figures.probed;
  facts.source = link.source;
  facts.log_bytes = side.flushes.bytes;
  facts.wire_bytes = static_cast<std::uint64_t>(
      std::llround(static_cast<double>(facts.log_bytes) / link.figures.ratio));
  facts.cpu = from_seconds(seconds_per_gb * static_cast<double>(facts.log_bytes) / kBytesPerGByte);
  return facts;
}

// -tls: the cipher's cost per byte on each side, measured here at the run's sizes.
std::optional<ModelledCipher> cipher_for(const RunConfig& config, const VirtualRunPlan& plan) {
  if (!config.tls) return std::nullopt;
  const std::uint32_t flush_pages = config.largest_flush_pages();
  const std::uint32_t buffer_pages = plan.standby_buffer_pages(flush_pages);
  return modelled_cipher(*config.tls, pages_to_bytes(flush_pages), pages_to_bytes(buffer_pages));
}

// The pair's reports side by side, then each auxiliary standby's.
void write_reports(std::ostream& out, const SideText& primary, const SideText& standby,
                   const VirtualOutcome& run) {
  write_pair(out, primary, standby);
  out << '\n';
  for (std::size_t i = 0; i < run.auxiliary_standbys.size(); ++i) {
    out << fmt::format("======== standby {} (auxiliary) ========\n", i + 2);
    write_text_report(out, run.auxiliary_standbys[i]);
    out << '\n';
  }
  if (run.interrupted) out << "Interrupted: the report covers the virtual time simulated so far.\n";
  out.flush();
}

}  // namespace

ModelOutcome run_model(const RunConfig& config, const StopSource& stop, RunLog& log,
                       Reporter& report) {
  report.started(config);
  log.line("Virtual-time model: primary, link and standby simulated; no sockets, no sleeping.");
  log.blank();
  // The figures the advisor's what-if takes, as a real primary prints them.
  if (config.payload_named) {
    log.line("{}", payload_line(config.payload));
    log.blank();
  }
  log.flush();

  SideText primary(config.verbose);
  SideText standby(config.verbose);
  VirtualRunPlan plan = virtual_plan_from(config);
  const std::optional<ModelledCipher> cipher = cipher_for(config, plan);
  std::optional<ModelledLink> compression;
  if (config.modelled_compression) {
    compression = modelled_link(config);
    plan.network.compression = compression->figures.ratio;
  }
  plan.thread_cpu = thread_cpu_cost(cipher, config.tcp_cost, compression);
  plan.primary_intervals = intervals_to(primary.report);
  plan.standby_intervals = intervals_to(standby.report);
  const auto flush_sizes = make_flush_sizes(config, Clock::time_point{});
  const VirtualOutcome run = run_virtual(plan, *flush_sizes, stop);

  ModelOutcome outcome{outcome_of(run.primary, run.interrupted),
                       outcome_of(run.standby, run.interrupted)};
  if (cipher) {
    outcome.primary.result.tls_cost = cipher->primary;
    outcome.standby.result.tls_cost = cipher->standby;
  }
  if (compression) {
    outcome.primary.result.compression =
        charged(*compression, outcome.primary.result, compression->figures.compress_seconds_per_gb);
    outcome.standby.result.compression = charged(*compression, outcome.standby.result,
                                                 compression->figures.decompress_seconds_per_gb);
  }
  // The payload named, and what compressors make of it, for the advisor's what-if where the
  // link limits.
  if (config.payload_named) outcome.primary.result.settings.payload = config.payload;
  finish_side(outcome.primary, &outcome.standby, primary.report);
  finish_side(outcome.standby, &outcome.primary, standby.report);
  write_reports(log.stream(), primary, standby, run);
  return outcome;
}

}  // namespace simhadr
