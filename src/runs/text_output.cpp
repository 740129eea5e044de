// The text report: what a side prints as its run goes and as it ends.
#include "runs/text_output.hpp"

#include "simhadr/advice/bottleneck.hpp"
#include "simhadr/report/auxiliary_text.hpp"
#include "simhadr/report/bottleneck_text.hpp"
#include "simhadr/report/compression_text.hpp"
#include "simhadr/report/cpu_text.hpp"
#include "simhadr/report/interval_line.hpp"
#include "simhadr/report/sleep_text.hpp"
#include "simhadr/report/stall_text.hpp"
#include "simhadr/report/tcp_text.hpp"
#include "simhadr/report/text_report.hpp"
#include "simhadr/report/tls_text.hpp"

namespace simhadr {

void TextReporter::interval(const IntervalSample& sample) {
  log_.line("{}", interval_line(sample));
  log_.flush();
}

void TextReporter::started(const RunConfig& config) {
  if (config.role() == Role::Standby) return;
  if (config.payload.kind == PayloadKind::Files) payload_file_bytes_ = config.payload.file_bytes();
  if (!config.sync_mode && !config.remote_catchup) {
    log_.line("SyncMode = {}", to_string(config.effective_sync_mode()));
  }
  if (!config.flush_pages && !config.logger && !config.flush_size_list) {
    log_.line("flushSize = {} pages", config.effective_flush_pages());
  }
  if (!config.run_seconds && !config.max_flushes) {
    log_.line("Simulation run time = {} seconds", kDefaultRunSeconds);
  }
  log_.blank();
}

void TextReporter::side_finished(const RoleOutcome& side) {
  const RunResult& result = side.result;
  if (side.end == RunEnd::Interrupted && !side.stopped_by.empty()) {
    log_.line("Interrupted by {} after {:.3f} s: the report covers the run until then.",
              side.stopped_by, to_seconds(result.elapsed));
  }
  log_.blank();
  write_text_report(log_.stream(), result);
  write_auxiliary_streams(log_.stream(), result);
  log_.blank();
  if (side.verdict) {
    write_bottleneck(log_.stream(), *side.verdict);
    if (result.settings.role == Role::Primary) write_uplink_share(log_.stream(), result);
  }
  if (result.cpu) write_cpu_usage(log_.stream(), *result.cpu);
  write_sleep_accuracy(log_.stream(), result.sleeps, result.elapsed);
  if (result.tls) write_tls(log_.stream(), *result.tls);
  if (result.tls_cost) write_tls_cost(log_.stream(), *result.tls_cost, result.settings.role);
  if (result.compression) {
    write_compression(log_.stream(), *result.compression, result.settings.role);
    write_payload_coverage(log_.stream(), *result.compression, payload_file_bytes_);
  }
  if (const auto tcp_cost = result.settings.tcp_cost_seconds_per_gb()) {
    write_tcp_cost(log_.stream(), *tcp_cost, result.settings.role);
  }
  // The standby's connection carries only acks: its TCP figures say nothing of the log's way.
  if (result.tcp && result.settings.role == Role::Primary) {
    write_tcp_stats(log_.stream(), *result.tcp, result.settings.network.has_value());
  }
  write_link_health(log_.stream(), result);
  log_.flush();
}

void write_pair(std::ostream& out, const SideText& primary, const SideText& standby) {
  out << "======== primary ========\n" << primary.text.str();
  out << "\n======== standby ========\n" << standby.text.str();
}

}  // namespace simhadr
