#include "runs/shipping_run.hpp"

#include <fmt/format.h>

#include <iterator>
#include <memory>

#include "net/compressing_transport.hpp"
#include "net/open_transport.hpp"
#include "net/shaped_transport.hpp"
#include "net/socket_properties.hpp"
#include "net/tcp_stats.hpp"
#include "net/tcp_watch.hpp"
#include "platform/stop_signal_source.hpp"
#include "roles/auxiliary_feed.hpp"
#include "roles/primary.hpp"
#include "roles/standby.hpp"
#include "runs/verdict.hpp"
#include "time/spin_clock.hpp"

namespace simhadr {

namespace {

// Stopped before a run could begin: no report.
RoleOutcome stopped_unconnected(RunLog& log, std::string_view when) {
  log.line("Stopped {}.", when);
  RoleOutcome outcome;
  outcome.end = RunEnd::Interrupted;
  outcome.session = Session::NeverConnected;
  return outcome;
}

// Who stopped the run, and how the connection is to close.
void say_how_it_ended(RoleOutcome& outcome, Role role, NativeSocket fd, const StopSource& stop) {
  // A standby ends its primary's run by closing in order only when it was stopped
  // (Standby::run); one that failed resets the connection, so its primary fails too.
  if (role == Role::Standby && outcome.end == RunEnd::Failed) reset_on_close(fd);
  if (outcome.end == RunEnd::Interrupted && outcome.stopped_by.empty() && stop.signal() != 0) {
    outcome.stopped_by = stop_signal_name(stop.signal());
  }
}

// Once connected, both roles run over the same pieces: a transport on the
// socket, the spin clock, the measured link and the disk model.
template <typename RunRole>
RoleOutcome run_connected(std::optional<tcp::socket> socket, const RunConfig& config,
                          const TlsContext* tls, const StopSource& stop, RunLog& log, Nanos spin,
                          Role role, std::string_view waiting_for, RunRole run_role,
                          const std::optional<NetworkModel>& network = std::nullopt) {
  if (!socket) return stopped_unconnected(log, fmt::format("before {} connected", waiting_for));
  const NativeSocket fd = socket->native_handle();
  const SocketProperties connected = read_socket_properties(fd);
  const bool same_host = ends_on_one_host(*socket);
  OpenedTransport opened;
  try {
    opened = open_transport(std::move(*socket), config, tls, config.remote.host, stop);
  } catch (const RunError& refused) {
    RoleOutcome outcome;
    outcome.fail(refused.what());
    outcome.session = Session::Aborted;
    return outcome;
  }
  if (!opened.transport) {
    return stopped_unconnected(log, fmt::format("during the TLS handshake with {}", waiting_for));
  }
  Transport& transport = *opened.transport;
  // A spin the user chose is kept as it is; a measured one adapts to this machine's wake-ups.
  const SpinPolicy spin_policy = config.spin_seconds ? SpinPolicy::Fixed : SpinPolicy::Adaptive;
  SpinClock clock(spin, spin_policy, stop);
  std::optional<ShapedTransport> shaped;
  if (network) shaped.emplace(transport, clock, *network);
  Transport& carried = shaped ? static_cast<Transport&>(*shaped) : transport;
  // Compressed before it is shaped or encrypted: the wire carries what it makes.
  std::optional<CompressingTransport> compressing;
  if (config.compress) compressing.emplace(carried);
  // Until the peer's first message, it is still being connected to.
  const bool connect_bounded = config.waits.connect > Nanos{0};
  Link link(compressing ? static_cast<Transport&>(*compressing) : carried, clock, stop, log,
            config.waits.stall, connect_bounded ? config.waits.connect : config.waits.stall,
            connect_bounded ? "-connectTimeout" : "-stallTimeout");
  const auto disk = make_disk_model(config.disk);
  const ThisThreadCpuUsage this_thread;
  const CpuMeter cpu(this_thread);
  const TcpStatsMeter tcp_meter(fd, same_host);
  TcpWatch watch(fd, role);
  RoleOutcome outcome = run_role(link, clock, *disk, watch, compressing ? &*compressing : nullptr);
  say_how_it_ended(outcome, role, fd, stop);
  if (auto findings = watch.stop()) {
    outcome.result.stalls = std::move(findings->stalls);
    // TCP acknowledges what crossed loopback, not what crossed the emulated link;
    // and under -compress it counts compressed bytes, not the log's.
    if (!network && !compressing) outcome.result.log_gap = findings->log_gap;
  }
  outcome.result.cpu = cpu.stop();
  for (const AuxiliaryStream& auxiliary : outcome.result.auxiliaries) {
    if (auxiliary.cpu) add_thread(*outcome.result.cpu, *auxiliary.cpu);
  }
  outcome.result.tcp = tcp_meter.stop();
  if (opened.tls) outcome.result.tls = opened.tls->facts();
  if (compressing) outcome.result.compression = compressing->facts();
  // The shaper (-netRate on a real run) carried the compressed bytes: the
  // advisor's arithmetic in bytes of log needs the ratio the run measured.
  const auto& compression = outcome.result.compression;
  if (compression && compression->ratio() > 0 && outcome.result.settings.network) {
    outcome.result.settings.network->compression = compression->ratio();
  }
  outcome.result.socket_send_buffer = connected.send_buffer;
  outcome.result.socket_receive_buffer = connected.receive_buffer;
  return outcome;
}

}  // namespace

RoleOutcome run_primary(const RunConfig& config, const StopSource& stop, RunLog& log,
                        Reporter& report, Nanos spin, const ListeningCallback& on_listening) {
  report.started(config);
  // Certificates and ciphers are checked before any standby is waited for.
  const std::optional<TlsContext> tls =
      config.tls ? std::optional<TlsContext>(std::in_place, *config.tls, Role::Primary)
                 : std::nullopt;
  const TlsContext* const tls_context = tls ? &*tls : nullptr;
  boost::asio::io_context io;
  LinkPlan link_plan{config.local, config.remote, config.socket, config.waits};
  link_plan.auxiliaries = config.auxiliaries;
  StandbyListener listener(io, link_plan, log, on_listening);
  std::vector<tcp::socket> auxiliary_sockets;
  const auto run_role = [&](Link& link, Clock& clock, const DiskModel& disk, ConnectionWatch& watch,
                            CompressingTransport* compression) {
    const std::string conn_time = format_conn_time(std::chrono::system_clock::now());
    PrimaryPlan plan;
    plan.settings = settings_for(config, Role::Primary);
    plan.handshake = {plan.settings.mode, plan.settings.flush_pages, conn_time,
                      config.standby_request, config.compress};
    plan.compression = compression;
    plan.max_flushes = config.max_flushes;
    if (const auto seconds = config.effective_run_seconds()) plan.run_time = from_seconds(*seconds);
    plan.target = config.target;
    plan.interval = config.interval;
    plan.on_interval = intervals_to(report);
    plan.watch = &watch;
    // An auxiliary is told SUPERASYNC, which any standby (the original's too) can play.
    std::vector<std::unique_ptr<AuxiliaryFeed>> auxiliaries;
    for (std::size_t i = 0; i < auxiliary_sockets.size(); ++i) {
      AuxiliaryPlan auxiliary;
      auxiliary.listed = config.auxiliaries[i];
      auxiliary.handshake = {SyncMode::SuperAsync, config.largest_flush_pages(), conn_time, {}, {}};
      auxiliary.payload = config.payload;
      auxiliary.stall_bound = config.waits.stall;
      OpenedTransport opened = open_transport(std::move(auxiliary_sockets[i]), config, tls_context,
                                              config.auxiliaries[i].host, stop);
      if (!opened.transport) break;
      auxiliaries.push_back(std::make_unique<AuxiliaryFeed>(
          std::move(auxiliary), std::move(opened.transport), clock, stop, log));
    }
    const auto flush_sizes = make_flush_sizes(config, clock.now());
    return Primary(plan, *flush_sizes, disk, link, clock, stop, log, auxiliaries).run();
  };
  std::optional<NetworkModel> network;
  if (config.network) network.emplace(*config.network, config.network_window_bytes());
  std::optional<tcp::socket> principal;
  if (auto sockets = listener.accept_all(stop)) {
    principal = std::move(sockets->front());
    std::move(sockets->begin() + 1, sockets->end(), std::back_inserter(auxiliary_sockets));
  }
  RoleOutcome outcome = run_connected(std::move(principal), config, tls_context, stop, log, spin,
                                      Role::Primary, "a standby", run_role, network);
  // A standby of ours reconnects once to apply requested socket buffer sizes.
  if (outcome.reconnects()) {
    outcome = run_connected(listener.accept(stop), config, tls_context, stop, log, spin,
                            Role::Primary, "a standby", run_role, network);
    if (outcome.reconnects()) outcome.fail("the standby asked to reconnect a second time");
  }
  return outcome;
}

namespace {

RoleOutcome run_standby_once(const RunConfig& config, const StopSource& stop, RunLog& log,
                             Reporter& report, Nanos spin) {
  boost::asio::io_context io;
  LinkPlan plan{config.local, config.remote, config.socket, config.waits};
  if (config.serves_many_runs()) {
    // Between runs a persistent standby waits for the next primary: quietly, and
    // retrying often, so a sweep's next run starts at once.
    plan.retry_interval = std::chrono::milliseconds(200);
    plan.quiet_retries = true;
  }
  const std::optional<TlsContext> tls =
      config.tls ? std::optional<TlsContext>(std::in_place, *config.tls, Role::Standby)
                 : std::nullopt;
  return run_connected(
      connect_to_primary(io, plan, log, stop), config, tls ? &*tls : nullptr, stop, log, spin,
      Role::Standby, "the primary",
      [&](Link& link, Clock& clock, const DiskModel& disk, ConnectionWatch& watch,
          CompressingTransport* compression) {
        return Standby({settings_for(config, Role::Standby), config.standby_buffer_pages,
                        config.interval, intervals_to(report), config.socket,
                        config.spool_limit_pages, &watch, config.compress, compression},
                       disk, link, clock, stop, log)
            .run();
      });
}

}  // namespace

RoleOutcome run_standby(const RunConfig& config, const StopSource& stop, RunLog& log,
                        Reporter& report, Nanos spin) {
  report.started(config);
  RoleOutcome outcome = run_standby_once(config, stop, log, report, spin);
  if (outcome.reconnects()) {
    RunConfig requested = config;
    requested.socket = *outcome.reconnect_with;
    outcome = run_standby_once(requested, stop, log, report, spin);
    if (outcome.reconnects()) outcome.fail("the primary asked for other settings a second time");
  }
  return outcome;
}

void serve_standby_runs(const RunConfig& config, const StopSource& stop, RunLog& log,
                        Reporter& report, Nanos spin, const RunRecorder& record) {
  for (unsigned run = 1; !stop.requested(); ++run) {
    log.line("======== standby run {} (Ctrl-C ends the standby) ========", run);
    log.blank();
    const auto started = std::chrono::system_clock::now();
    RoleOutcome outcome = run_standby(config, stop, log, report, spin);
    if (!outcome.connected()) break;
    // A primary that is ending still listens until its process exits, and our
    // next connection may wait in that backlog only to be closed or reset; or
    // a stop comes while we wait for a handshake. Neither is a run to record.
    if (outcome.session == Session::NoHandshake) {
      if (stop.requested()) break;
      log.line("Not a run: {}; waiting for the next primary.", outcome.failure);
      log.blank();
      --run;
      continue;
    }
    finish_side(outcome, nullptr, report);
    record(outcome, started);
    log.blank();
  }
}

}  // namespace simhadr
