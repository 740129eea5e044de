#include "cli/entry.hpp"

#include <fmt/format.h>

#include <array>
#include <chrono>
#include <iostream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cli/help_text.hpp"
#include "cli/options.hpp"
#include "platform/precise_sleep.hpp"
#include "platform/process_setup.hpp"
#include "runs/calculate_run.hpp"
#include "runs/demo.hpp"
#include "runs/diagnose_run.hpp"
#include "runs/disk_run.hpp"
#include "runs/file_output.hpp"
#include "runs/model_run.hpp"
#include "runs/payload_compression.hpp"
#include "runs/shipping_run.hpp"
#include "runs/verdict.hpp"
#include "time/sleep_test.hpp"
#include "time/spin_clock.hpp"
#include "time/stop_signals.hpp"

namespace simhadr {

// Its own namespace: in a unity build this file shares a batch with the
// library's, and names such as run and fail are theirs too.
namespace entry {
namespace {

constexpr int kExitFailed = 1;
constexpr int kExitUsage = 2;

// The one place an error reaches the user: after the text so far, one line on stderr.
int fail(std::ostream& text, std::string_view message) {
  text.flush();
  fmt::print(stderr, "simhadr: error: {}\n", message);
  return kExitFailed;
}

int exit_status(const RoleOutcome& outcome, std::ostream& text, std::string_view side = {}) {
  if (outcome.end != RunEnd::Failed) return 0;
  return fail(text, fmt::format("{}{}", side, outcome.failure));
}

void print_run_header(const RunConfig& config, RunLog& log) {
  std::string line = "+ simhadr ";
  for (const std::string& arg : config.args) line += arg + ' ';
  log.line("{}", line);
  log.blank();
}

// What every real-time action shares: the signals that stop it, the log, the
// reporters, and the spin.
struct ActionContext {
  const RunConfig& config;
  std::ostream& text;
  std::chrono::system_clock::time_point started;
  const StopSource& stop;
  RunLog& log;
  RunReporters& report;
  Nanos spin{};
};

int run_standby_action(const ActionContext& s) {
  s.log.blank();
  if (!s.config.serves_many_runs()) {
    RoleOutcome outcome = run_standby(s.config, s.stop, s.log, s.report, s.spin);
    finish_side(outcome, nullptr, s.report);
    s.report.finished(RunRecord::of_sides(Action::Standby, s.started, std::span(&outcome, 1)));
    return exit_status(outcome, s.text);
  }
  serve_standby_runs(
      s.config, s.stop, s.log, s.report, s.spin, [&](const RoleOutcome& outcome, auto begun) {
        s.report.finished(RunRecord::of_sides(Action::Standby, begun, std::span(&outcome, 1)));
        exit_status(outcome, s.text);
      });
  return 0;
}

int run_demo_action(const ActionContext& s) {
  s.log.blank();
  const DemoOutcome outcome = run_demo(s.config, s.stop, s.text, s.spin);
  const std::array sides{outcome.primary, outcome.standby};
  s.report.finished(RunRecord::of_sides(Action::Demo, s.started, sides));
  const int primary = exit_status(outcome.primary, s.text, "primary: ");
  const int standby = exit_status(outcome.standby, s.text, "standby: ");
  return std::max(primary, standby);
}

int run_real_time_action(Action action, ActionContext& s) {
  if (const auto mhz = timer_frequency_mhz()) s.log.line("Timer frequency: {:.6f} MHz", *mhz);
  const SleepCalibration calibration = calibrate_sleep();
  s.spin = s.config.spin_seconds ? from_seconds(*s.config.spin_seconds) : calibration.spin;
  s.log.line("Measured sleep overhead: {:.6f} second, using spin time {:.6f} second.",
             to_seconds(calibration.overhead), to_seconds(s.spin));
  switch (action) {
    case Action::SleepTest: {
      SpinClock clock(s.spin, s.config.spin_seconds ? SpinPolicy::Fixed : SpinPolicy::Adaptive,
                      s.stop);
      run_sleep_test(s.config.as<SleepTestRun>()->seconds, clock, s.log);
      if (s.config.disk) {
        run_disk_sleep_test(*s.config.disk, s.config.largest_flush_pages(), clock, s.stop, s.log);
      }
      s.log.flush();
      return 0;
    }
    case Action::DiskTest: {
      const DiskTestOutcome outcome = run_disk_test(s.config, s.stop, s.log);
      s.report.finished(RunRecord::of_disk_test(s.started, outcome));
      return outcome.failure ? fail(s.text, *outcome.failure) : 0;
    }
    case Action::Primary: {
      RoleOutcome outcome = run_primary(s.config, s.stop, s.log, s.report, s.spin);
      finish_side(outcome, nullptr, s.report);
      s.report.finished(RunRecord::of_sides(Action::Primary, s.started, std::span(&outcome, 1)));
      return exit_status(outcome, s.text);
    }
    case Action::Standby:
      return run_standby_action(s);
    case Action::Demo:
      return run_demo_action(s);
    case Action::Model:
    case Action::Calculate:
    case Action::Diagnose:
    case Action::Help:
    case Action::Version:
      break;
  }
  return 0;
}

int run_action(Command& command, std::ostream& text, RunLog& log, RunReporters& report,
               std::chrono::system_clock::time_point started) {
  const RunConfig& config = command.config;
  StopSource stop;
  StopSignals signals(stop);
  if (command.action == Action::Calculate) {
    // The calculator's output has no header of ours, so its readers read ours.
    const Calculation calculation = run_calculate(config, stop, text);
    report.finished(RunRecord::of_calculation(started, calculation));
    return 0;
  }
  if (command.action == Action::Diagnose) {
    const PairDiagnosis diagnosis = run_diagnose(config, text);
    report.finished(RunRecord::of_diagnosis(started, diagnosis));
    return 0;
  }
  print_run_header(config, log);
  log.flush();
  if (const auto unmeasured = measure_payload_compression(command.config)) {
    fmt::print(stderr, "simhadr: warning: {}\n", *unmeasured);
  }
  if (command.action == Action::Model) {
    // Virtual time never sleeps, so there is no sleep overhead to measure.
    const ModelOutcome outcome = run_model(config, stop, log, report);
    const std::array sides{outcome.primary, outcome.standby};
    report.finished(RunRecord::of_sides(Action::Model, started, sides));
    return 0;
  }
  ActionContext context{config, text, started, stop, log, report};
  return run_real_time_action(command.action, context);
}

// A run that failed before it measured anything still leaves a -json document
// whose error field says why, so a script reading it is not left guessing.
int run(Command command) {
  const RunConfig& config = command.config;
  // With -json -, stdout carries the document and the text report goes to stderr.
  std::ostream& text = config.json_path == "-" ? std::cerr : std::cout;
  const auto started = std::chrono::system_clock::now();
  RunLog log(text, config.verbose);
  RunReporters report(config, log);
  try {
    return run_action(command, text, log, report, started);
  } catch (const OutputLost& error) {
    return fail(text, error.what());
  } catch (const WorkloadInputError& error) {
    fail(text, error.what());
    report.finished(RunRecord::of_error(Action::Calculate, started, error.what()));
    return kExitUsage;
  } catch (const MonitorInputError& error) {
    fail(text, error.what());
    report.finished(RunRecord::of_error(Action::Diagnose, started, error.what()));
    return kExitUsage;
  } catch (const std::exception& error) {
    const int status = fail(text, error.what());
    if (leaves_record(command.action)) {
      report.finished(RunRecord::of_error(command.action, started, error.what()));
    }
    return status;
  }
}

}  // namespace
}  // namespace entry

int run_command_line(int argc, char** argv) {
  prepare_process();
  confine_name_services();
  const std::vector<std::string> args(argv + 1, argv + argc);
  Command command;
  try {
    command = parse_command_line(args);
  } catch (const UsageError& error) {
    fmt::print(stderr, "simhadr: {}\n", error.what());
    return entry::kExitUsage;
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
  return entry::run(std::move(command));
}

}  // namespace simhadr
