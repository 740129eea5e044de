#include "runs/shipping_run.hpp"

#include <fmt/format.h>

#include <iterator>
#include <memory>

#include "disk/log_file_disk.hpp"
#include "net/socket_properties.hpp"
#include "net/tcp_stats.hpp"
#include "net/tcp_watch.hpp"
#include "platform/stop_signal_source.hpp"
#include "roles/auxiliary_feed.hpp"
#include "roles/primary.hpp"
#include "roles/standby.hpp"
#include "runs/connection_stack.hpp"
#include "runs/verdict.hpp"
#include "simhadr/wire/resume.hpp"
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

// What the connection itself measured while a role ran on it.
struct ConnectionFacts {
  std::optional<WatchFindings> findings;
  CpuUsage cpu;
  std::optional<TcpStats> tcp;
  SocketProperties socket;
  std::optional<TlsFacts> tls;
  std::optional<CompressionFacts> compression;
};

void record_connection_facts(ConnectionFacts facts, bool shaped, RunResult& result) {
  if (facts.findings) {
    result.stalls = std::move(facts.findings->stalls);
    // TCP acknowledges what crossed loopback, not what crossed the emulated link;
    // and under -compress it counts compressed bytes, not the log's.
    if (!shaped && !facts.compression) result.log_gap = facts.findings->log_gap;
  }
  result.cpu = std::move(facts.cpu);
  for (const AuxiliaryStream& auxiliary : result.auxiliaries) {
    if (auxiliary.cpu) add_thread(*result.cpu, *auxiliary.cpu);
  }
  result.tcp = std::move(facts.tcp);
  result.tls = std::move(facts.tls);
  result.compression = std::move(facts.compression);
  // The shaper (-netRate on a real run) carried the compressed bytes: the
  // advisor's arithmetic in bytes of log needs the ratio the run measured.
  if (result.compression && result.compression->ratio() > 0 && result.settings.network) {
    result.settings.network->compression = result.compression->ratio();
  }
  result.socket_send_buffer = facts.socket.send_buffer;
  result.socket_receive_buffer = facts.socket.receive_buffer;
}

// -disk's model, or with -logDir a file this side writes its log to for real.
std::unique_ptr<DiskModel> this_sides_disk(const RunConfig& config, Role role, RunLog& log,
                                           std::optional<std::string>& log_file) {
  if (!config.log_dir) return make_disk_model(config.disk);
  const auto start = std::chrono::steady_clock::now();
  auto disk = std::make_unique<LogFileDisk>(*config.log_dir, role);
  log.line("Writing the log to {}: laid out {:.1f} MBytes in {:.3f} seconds, written round.",
           disk->path(), static_cast<double>(kLogFileBytes) / kBytesPerMByte,
           to_seconds(std::chrono::steady_clock::now() - start));
  log.flush();
  log_file = disk->path();
  return disk;
}

// Once connected, both roles run over the same pieces: a transport on the
// socket, the spin clock, the measured link and the disk model; with
// `next_socket`, the renewal that replaces a connection the run lost.
template <typename RunRole>
RoleOutcome run_connected(std::optional<tcp::socket> socket, const RunConfig& config,
                          const TlsContext* tls, const StopSource& stop, RunLog& log, Nanos spin,
                          Role role, std::string_view waiting_for, RunRole run_role,
                          const std::optional<NetworkModel>& network = std::nullopt,
                          const NextSocket& next_socket = {}) {
  if (!socket) return stopped_unconnected(log, fmt::format("before {} connected", waiting_for));
  const NativeSocket fd = socket->native_handle();
  const SocketProperties connected = read_socket_properties(fd);
  const bool same_host = ends_on_one_host(*socket);
  // A spin the user chose is kept as it is; a measured one adapts to this machine's wake-ups.
  const SpinPolicy spin_policy = config.spin_seconds ? SpinPolicy::Fixed : SpinPolicy::Adaptive;
  SpinClock clock(spin, spin_policy, stop);
  std::unique_ptr<Connection> connection;
  try {
    connection = Connection::open(std::move(*socket), config, tls, stop, clock, network);
  } catch (const RunError& refused) {
    RoleOutcome outcome;
    outcome.fail(refused.what());
    outcome.session = Session::Aborted;
    return outcome;
  }
  if (!connection) {
    return stopped_unconnected(log, fmt::format("during the TLS handshake with {}", waiting_for));
  }
  CompressingTransport* const compressing = connection->compressing();
  // Until the peer's first message, it is still being connected to.
  const bool connect_bounded = config.waits.connect > Nanos{0};
  Link link(connection->top(), clock, stop, log, config.waits.stall,
            connect_bounded ? config.waits.connect : config.waits.stall,
            connect_bounded ? "-connectTimeout" : "-stallTimeout");
  std::optional<std::string> log_file;
  const auto disk = this_sides_disk(config, role, log, log_file);
  const ThisThreadCpuUsage this_thread;
  const CpuMeter cpu(this_thread);
  TcpStatsOverConnections tcp(fd, same_host, clock);
  TcpWatch watch(fd, role);
  std::optional<ConnectionRenewal> renewal;
  if (next_socket) {
    renewal.emplace(
        RenewalParts{config, tls, clock, stop, log, network, role, [&] { tcp.current_ends(); },
                     [&](NativeSocket socket) { tcp.follow(socket); }},
        *connection, link, watch, next_socket);
  }
  RoleOutcome outcome =
      run_role(link, clock, *disk, watch, compressing, renewal ? &*renewal : nullptr);
  say_how_it_ended(outcome, role, renewal ? renewal->current_socket() : fd, stop);
  outcome.result.settings.log_file = log_file;
  ConnectionsFacts over_connections;
  if (renewal) {
    over_connections = renewal->facts();
  } else {
    connection->add_facts(over_connections);
  }
  record_connection_facts(
      {watch.stop(), cpu.stop(), tcp.stop(), connected, std::move(over_connections.tls),
       std::move(over_connections.compression)},
      network.has_value(), outcome.result);
  return outcome;
}

// The primary's plan from the command line, for a connection made at `conn_time`.
PrimaryPlan primary_plan(const RunConfig& config, const std::string& conn_time, Reporter& report) {
  PrimaryPlan plan;
  static_cast<ShippingPlan&>(plan) = shipping_plan_from(config);
  plan.settings = settings_for(config, Role::Primary);
  plan.handshake = {plan.settings.mode,     plan.settings.flush_pages, conn_time,
                    config.standby_request, config.compress,           std::nullopt};
  if (config.follows_failures) plan.handshake.resume = make_resume_token();
  plan.tcp_counts_log = !config.tls && !config.compress && !config.network;
  plan.on_interval = intervals_to(report);
  return plan;
}

// One feed per auxiliary standby that connected, each told SUPERASYNC, which
// any standby (the original's too) can play; stopped during a TLS handshake, no more.
std::vector<std::unique_ptr<AuxiliaryFeed>> open_auxiliaries(
    std::vector<tcp::socket>& sockets, const RunConfig& config, const TlsContext* tls,
    const std::string& conn_time, Clock& clock, const StopSource& stop, RunLog& log) {
  std::vector<std::unique_ptr<AuxiliaryFeed>> auxiliaries;
  for (std::size_t i = 0; i < sockets.size(); ++i) {
    AuxiliaryPlan auxiliary;
    auxiliary.listed = config.auxiliaries[i];
    auxiliary.handshake = {
        SyncMode::SuperAsync, config.largest_flush_pages(), conn_time, {}, {}, {}};
    auxiliary.payload = config.payload;
    auxiliary.stall_bound = config.waits.stall;
    OpenedTransport opened =
        open_transport(std::move(sockets[i]), config, tls, config.auxiliaries[i].host, stop);
    if (!opened.transport) break;
    auxiliaries.push_back(std::make_unique<AuxiliaryFeed>(
        std::move(auxiliary), std::move(opened.transport), clock, stop, log));
  }
  return auxiliaries;
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
  const auto run_role = [&](Link& link, Clock& clock, DiskModel& disk, ConnectionWatch& watch,
                            CompressingTransport* compression, LinkRenewal* renewal) {
    const std::string conn_time = format_conn_time(std::chrono::system_clock::now());
    PrimaryPlan plan = primary_plan(config, conn_time, report);
    plan.compression = compression;
    plan.watch = &watch;
    auto auxiliaries =
        open_auxiliaries(auxiliary_sockets, config, tls_context, conn_time, clock, stop, log);
    const auto flush_sizes = make_flush_sizes(config, clock.now());
    if (plan.handshake.resume) plan.renewal = renewal;
    return Primary(plan, *flush_sizes, disk, link, clock, stop, log, auxiliaries).run();
  };
  std::optional<NetworkModel> network;
  if (config.network) network.emplace(*config.network, config.network_window_bytes());
  std::optional<tcp::socket> principal;
  if (auto sockets = listener.accept_all(stop)) {
    principal = std::move(sockets->front());
    std::move(sockets->begin() + 1, sockets->end(), std::back_inserter(auxiliary_sockets));
  }
  const NextSocket returning = [&](Nanos) { return listener.take_returning(); };
  RoleOutcome outcome = run_connected(std::move(principal), config, tls_context, stop, log, spin,
                                      Role::Primary, "a standby", run_role, network, returning);
  // A standby of ours reconnects once to apply requested socket buffer sizes.
  if (outcome.reconnects()) {
    outcome = run_connected(listener.accept(stop), config, tls_context, stop, log, spin,
                            Role::Primary, "a standby", run_role, network, returning);
    if (outcome.reconnects()) outcome.fail("the standby asked to reconnect a second time");
  }
  return outcome;
}

namespace {

constexpr auto kRefusedMeansGone = std::chrono::seconds(2);

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
  std::optional<tcp::socket> socket = connect_to_primary(io, plan, log, stop);
  // The way back after a failure of the link, its addresses resolved now.
  std::optional<PrimaryRedial> redial;
  if (socket) redial.emplace(io, plan);
  std::optional<std::chrono::steady_clock::time_point> refused_since;
  const NextSocket redialled = [&](Nanos within) -> std::optional<tcp::socket> {
    boost::system::error_code error;
    auto next = redial->attempt(within, stop, error);
    // A host that refuses for a while has no primary listening any more (a
    // firewall's refusal during an outage is brief).
    if (error != boost::asio::error::connection_refused) {
      refused_since.reset();
    } else if (!refused_since) {
      refused_since = std::chrono::steady_clock::now();
    } else if (std::chrono::steady_clock::now() - *refused_since > kRefusedMeansGone) {
      throw PrimaryGone();
    }
    return next;
  };
  return run_connected(
      std::move(socket), config, tls ? &*tls : nullptr, stop, log, spin, Role::Standby,
      "the primary",
      [&](Link& link, Clock& clock, DiskModel& disk, ConnectionWatch& watch,
          CompressingTransport* compression, LinkRenewal* renewal) {
        StandbyPlan plan;
        static_cast<ShippingPlan&>(plan) = shipping_plan_from(config);
        plan.settings = settings_for(config, Role::Standby);
        plan.on_interval = intervals_to(report);
        plan.socket = config.socket;
        plan.watch = &watch;
        plan.compress = config.compress;
        plan.compression = compression;
        plan.renewal = renewal;
        return Standby(std::move(plan), disk, link, clock, stop, log).run();
      },
      std::nullopt, redialled);
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
