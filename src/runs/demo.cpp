#include "runs/demo.hpp"

#include <future>
#include <thread>

#include "runs/shipping_run.hpp"
#include "runs/text_output.hpp"
#include "runs/verdict.hpp"

namespace simhadr {

namespace {

constexpr const char* kLoopback = "127.0.0.1";

// Runs a role, turning any exception into a failed outcome so the other side
// can be told to give up instead of waiting for a peer that will never come.
template <typename Body>
RoleOutcome guarded(Body body) {
  try {
    return body();
  } catch (const std::exception& error) {
    RoleOutcome outcome;
    outcome.fail(error.what());
    outcome.session = Session::Aborted;
    return outcome;
  }
}

}  // namespace

DemoOutcome run_demo(const RunConfig& config, const StopSource& stop, std::ostream& out,
                     Nanos spin) {
  RunConfig primary_config = config;
  primary_config.run = PrimaryRun{};
  primary_config.local = {kLoopback, 0};
  primary_config.remote = {kLoopback, 0};

  SideText primary(config.verbose);
  SideText standby(config.verbose);
  // The standby does not stop on Ctrl-C: it ends when the primary closes, so
  // both reports cover the same flushes. It gives up only if the primary failed.
  StopSource standby_stop;
  StopSource primary_stop(&stop);
  std::promise<std::uint16_t> port_promise;
  auto port_future = port_promise.get_future();

  DemoOutcome outcome;
  std::thread primary_thread([&] {
    bool port_sent = false;
    outcome.primary = guarded([&] {
      return run_primary(primary_config, primary_stop, primary.log, primary.report, spin,
                         [&](std::uint16_t port) {
                           port_promise.set_value(port);
                           port_sent = true;
                         });
    });
    if (!port_sent) port_promise.set_value(0);
    if (outcome.primary.end == RunEnd::Failed || !outcome.primary.connected()) {
      standby_stop.request();
    }
  });

  const std::uint16_t port = port_future.get();
  if (port != 0) {
    RunConfig standby_config = config;
    standby_config.run = StandbyRun{};
    standby_config.local = {kLoopback, 0};
    standby_config.remote = {kLoopback, port};
    outcome.standby = guarded([&] {
      return run_standby(standby_config, standby_stop, standby.log, standby.report, spin);
    });
    if (outcome.standby.end == RunEnd::Failed) primary_stop.request();
  }
  primary_thread.join();
  // Both sides have ended, so the primary's verdict has its standby's figures.
  finish_side(outcome.primary, &outcome.standby, primary.report);
  finish_side(outcome.standby, &outcome.primary, standby.report);

  write_pair(out, primary, standby);
  out.flush();
  return outcome;
}

}  // namespace simhadr
