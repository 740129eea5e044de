// The text report: what a side prints as its run goes and as it ends.
#include "runs/text_output.hpp"

#include "simhadr/advice/bottleneck.hpp"
#include "simhadr/report/auxiliary_text.hpp"
#include "simhadr/report/bottleneck_text.hpp"
#include "simhadr/report/cpu_text.hpp"
#include "simhadr/report/interval_line.hpp"
#include "simhadr/report/stall_text.hpp"
#include "simhadr/report/tcp_text.hpp"
#include "simhadr/report/text_report.hpp"

namespace simhadr {

IntervalSink print_to(RunLog& log) {
  return [&log](const IntervalSample& sample) {
    log.line("{}", interval_line(sample));
    log.flush();
  };
}

void print_defaults_applied(const RunConfig& config, RunLog& log) {
  if (!config.sync_mode && !config.remote_catchup) {
    log.line("SyncMode = {}", to_string(config.effective_sync_mode()));
  }
  if (!config.flush_pages && !config.logger && !config.flush_size_list) {
    log.line("flushSize = {} pages", config.effective_flush_pages());
  }
  if (!config.run_seconds && !config.max_flushes) {
    log.line("Simulation run time = {} seconds", kDefaultRunSeconds);
  }
  log.blank();
}

void print_side_report(RunLog& log, const RunResult& result, const Bottleneck& verdict) {
  log.blank();
  write_text_report(log.stream(), result);
  write_auxiliary_streams(log.stream(), result);
  log.blank();
  write_bottleneck(log.stream(), verdict);
  if (result.role == Role::Primary) write_uplink_share(log.stream(), result);
  if (result.cpu) write_cpu_usage(log.stream(), *result.cpu);
  // The standby's connection carries only acks: its TCP figures say nothing of the log's way.
  if (result.tcp && result.role == Role::Primary) {
    write_tcp_stats(log.stream(), *result.tcp, result.elapsed);
  }
  write_link_health(log.stream(), result);
  log.flush();
}

}  // namespace simhadr
