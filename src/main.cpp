// simhadr: parse the command line, run one kind of run, print its report,
// and map the way it ended to an exit status (0 normal, 1 failed, 2 usage).
#include <fmt/format.h>

#include <sys/prctl.h>

#include <csignal>
#include <iostream>
#include <string>
#include <vector>

#include "cli/options.hpp"
#include "roles/demo.hpp"
#include "roles/disk_test.hpp"
#include "roles/shipping_run.hpp"
#include "time/sleep_test.hpp"
#include "time/spin_clock.hpp"
#include "time/stop_signals.hpp"

namespace {

using namespace simhadr;

constexpr int kExitFailed = 1;
constexpr int kExitUsage = 2;

int exit_status(const RoleOutcome& outcome, std::string_view side = {}) {
  if (outcome.end != RunEnd::Failed) return 0;
  std::cout.flush();
  fmt::print(stderr, "simhadr: error: {}{}\n", side, outcome.failure);
  return kExitFailed;
}

void print_run_header(const RunConfig& config, RunLog& log) {
  std::string line = "+ simhadr ";
  for (const std::string& arg : config.args) line += arg + ' ';
  log.line("{}", line);
  log.blank();
}

int run(const Command& command) {
  const RunConfig& config = command.config;
  StopSource stop;
  StopSignals signals(stop);
  RunLog log(std::cout, config.verbose);
  print_run_header(config, log);

  const SleepCalibration calibration = calibrate_sleep();
  const Nanos spin = config.spin_seconds ? from_seconds(*config.spin_seconds) : calibration.spin;
  log.line("Measured sleep overhead: {:.6f} second, using spin time {:.6f} second.",
           to_seconds(calibration.overhead), to_seconds(spin));

  switch (command.action) {
    case Action::SleepTest: {
      SpinClock clock(spin, config.spin_seconds ? SpinPolicy::Fixed : SpinPolicy::Adaptive, stop);
      run_sleep_test(*config.test_sleep_seconds, clock, log);
      log.flush();
      return 0;
    }
    case Action::DiskTest:
      if (const auto failure = run_disk_test(config, stop, log)) {
        fmt::print(stderr, "simhadr: error: {}\n", *failure);
        return kExitFailed;
      }
      return 0;
    case Action::Primary:
      return exit_status(run_primary(config, stop, log, spin));
    case Action::Standby:
      log.blank();
      return exit_status(run_standby(config, stop, log, spin));
    case Action::Demo: {
      log.blank();
      const DemoOutcome outcome = run_demo(config, stop, std::cout, spin);
      const int primary = exit_status(outcome.primary, "primary: ");
      const int standby = exit_status(outcome.standby, "standby: ");
      return std::max(primary, standby);
    }
    case Action::Help:
    case Action::Version:
      break;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::signal(SIGPIPE, SIG_IGN);
  // Past the file-size limit a write should fail with EFBIG, not kill the process.
  std::signal(SIGXFSZ, SIG_IGN);
  // Linux lets a sleep end up to 50 us late by default; simulated IOs need
  // better. Threads started later inherit the setting.
  ::prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
  const std::vector<std::string> args(argv + 1, argv + argc);
  Command command;
  try {
    command = parse_command_line(args);
  } catch (const UsageError& error) {
    fmt::print(stderr, "simhadr: {}\n", error.what());
    return kExitUsage;
  }
  for (const std::string& warning : command.warnings) {
    fmt::print(stderr, "simhadr: warning: {}\n", warning);
  }
  if (command.action == Action::Help) {
    std::cout << help_text();
    return 0;
  }
  if (command.action == Action::Version) {
    std::cout << version_text() << '\n';
    return 0;
  }
  try {
    return run(command);
  } catch (const std::exception& error) {
    std::cout.flush();
    fmt::print(stderr, "simhadr: error: {}\n", error.what());
    return kExitFailed;
  }
}
