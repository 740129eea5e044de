#include "runs/model_run.hpp"

#include <fmt/format.h>

#include "log/run_log.hpp"
#include "net/tls_cost_probe.hpp"
#include "runs/text_output.hpp"
#include "runs/verdict.hpp"
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

// Each side's thread per byte: the cipher's, and TCP's (-tcpCost); empty when neither is charged.
std::optional<ThreadCpuCost> thread_cpu_cost(const std::optional<ModelledCipher>& cipher,
                                             const std::optional<TcpCost>& tcp) {
  if (!cipher && !tcp) return std::nullopt;
  ThreadCpuCost cost = cipher ? cipher->cost : ThreadCpuCost{};
  if (tcp) {
    cost.tcp_send_seconds_per_byte = tcp->send_seconds_per_gb / kBytesPerGByte;
    cost.tcp_receive_seconds_per_byte = tcp->receive_seconds_per_gb / kBytesPerGByte;
  }
  return cost;
}

}  // namespace

ModelOutcome run_model(const RunConfig& config, const StopSource& stop, RunLog& log,
                       Reporter& report) {
  std::ostream& out = log.stream();
  report.started(config);
  log.line("Virtual-time model: primary, link and standby simulated; no sockets, no sleeping.");
  log.blank();
  log.flush();

  SideText primary(config.verbose);
  SideText standby(config.verbose);
  VirtualRunPlan plan = virtual_plan_from(config);
  std::optional<ModelledCipher> cipher;
  if (config.tls) {
    const std::uint32_t flush_pages = config.largest_flush_pages();
    const std::uint32_t buffer_pages =
        plan.buffer_pages.value_or(default_buffer_pages(flush_pages));
    cipher =
        modelled_cipher(*config.tls, pages_to_bytes(flush_pages), pages_to_bytes(buffer_pages));
  }
  plan.thread_cpu = thread_cpu_cost(cipher, config.tcp_cost);
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
  finish_side(outcome.primary, &outcome.standby, primary.report);
  finish_side(outcome.standby, &outcome.primary, standby.report);
  write_pair(out, primary, standby);
  out << '\n';
  for (std::size_t i = 0; i < run.auxiliary_standbys.size(); ++i) {
    out << fmt::format("======== standby {} (auxiliary) ========\n", i + 2);
    write_text_report(out, run.auxiliary_standbys[i]);
    out << '\n';
  }
  if (run.interrupted) out << "Interrupted: the report covers the virtual time simulated so far.\n";
  out.flush();
  return outcome;
}

}  // namespace simhadr
