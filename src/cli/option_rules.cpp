#include "cli/option_rules.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <tuple>

#include "cli/compress_option.hpp"
#include "cli/ignored_options.hpp"
#include "cli/input_file.hpp"
#include "cli/model_checks.hpp"
#include "cli/option_table.hpp"
#include "cli/payload_files.hpp"
#include "cli/standby_list.hpp"
#include "cli/tls_checks.hpp"
#include "cli/workload_file.hpp"
#include "simhadr/enum_names.hpp"
#include "simhadr/shown.hpp"

namespace simhadr {

namespace {

using Id = OptionId;

struct DiskTestOption {
  DiskTestKind value;
  OptionId option;
};
constexpr std::array<DiskTestOption, 3> kDiskTestOptions{{
    {DiskTestKind::WriteFile, Id::Write},
    {DiskTestKind::ReadFile, Id::Read},
    {DiskTestKind::Directory, Id::TestDisk},
}};
static_assert(rows_follow_enum(kDiskTestOptions, DiskTestKind::Directory));

// What a failure would cost, at the scan's peak: -calculate -model's alone.
constexpr std::array kFailureWhatIfs{Id::NetOutage,  Id::HadrTimeout, Id::PeerWaitLimit,
                                     Id::PeerWindow, Id::Replay,      Id::SpoolLimit,
                                     Id::HadrBufSize};

class Rules {
 public:
  explicit Rules(OptionValues& values) : values_(values), config_(values.config) {}

  Command decide() {
    if (!values_.help && !values_.version && !values_.calculate && !values_.diagnose &&
        values_.role != Role::Standby) {
      prepare_workload();
    }
    command_.action = decide_action();
    // Read only where pages are shipped or written: a standby takes its pages
    // from the primary, so the same option line works on both hosts.
    if (values_.compress && command_.action != Action::Diagnose) {
      settle_compress(*values_.compress, command_.action, config_, command_.warnings);
    }
    check_real_log_writes(config_, command_.action);
    if (command_.action == Action::Model) require_something_takes_time(config_);
    config_.payload_named = !values_.payload.empty();
    if (config_.payload_named && config_.reads_payload()) {
      config_.payload = parse_payload(values_.payload);
      refuse_payload_written_over();
    }
    check_across_actions();
    command_.config = std::move(config_);
    return std::move(command_);
  }

 private:
  bool given(Id id) const { return values_.given(id); }

  void warn(std::string text) { command_.warnings.push_back(std::move(text)); }

  Action decide_action() {
    if (values_.help) return Action::Help;
    if (values_.version) return Action::Version;
    if (values_.test_sleep_seconds) return settle(SleepTestRun{*values_.test_sleep_seconds});
    if (values_.diagnose) return decide_diagnose();
    if (values_.calculate) return decide_calculate();
    if (!values_.disk_targets.empty()) return decide_disk_test();
    if (values_.model) return decide_model();
    if (values_.demo) return decide_demo();
    if (values_.role) return decide_role();
    throw UsageError(
        fmt::format("nothing to do: give {} primary|standby, {}, {}, {} FILE, {} "
                    "FILE, a disk test ({}, {}, {}) or {} ({} for help)",
                    Id::Role, Id::Demo, Id::Model, Id::Calculate, Id::Diagnose, Id::Write, Id::Read,
                    Id::TestDisk, Id::TestSleep, Id::H));
  }

  // The run is of this kind, with these settings of its own.
  Action settle(RunKind run) {
    config_.run = std::move(run);
    return config_.action();
  }

  // -workload: the logger's rate follows the file's intervals.
  void prepare_workload() {
    if (!config_.workload) return;
    if (config_.workload->path.empty()) {
      throw UsageError(
          fmt::format("{} needs {} FILE (db2logscan output)", Id::WorkloadSpeed, Id::Workload));
    }
    for (const Id id : {Id::LogRate, Id::FlushSize, Id::FlushSizes, Id::Target}) {
      if (given(id)) {
        throw UsageError(
            fmt::format("{} sets the log rate from its file; leave out {}", Id::Workload, id));
      }
    }
    LoggerParams& params = values_.logger();
    params.steps = read_workload_file(config_.workload->path, config_.workload->speed);
    if (params.buffer_pages == 0) params.buffer_pages = kDefaultLogBufferPages;
    Nanos total{};
    for (const RateStep& step : params.steps) {
      total += step.duration;
      params.rate = std::max(params.rate, step.rate);
    }
    if (params.rate <= MBytesPerSec{}) {
      throw UsageError(fmt::format("{} {}: every interval logged 0 MB/s", Id::Workload,
                                   shown(config_.workload->path)));
    }
    if (!config_.run_seconds && !config_.max_flushes) config_.run_seconds = to_seconds(total);
  }

  Action decide_demo() {
    if (values_.role)
      throw UsageError(fmt::format("{} runs both roles itself; leave out {}", Id::Demo, Id::Role));
    if (values_.loop)
      throw UsageError(fmt::format("{} is for a standby that serves many primaries", Id::Loop));
    if (given(Id::PeerWaitLimit) || given(Id::PeerWindow)) {
      throw UsageError(
          fmt::format("{} and {} are for {} and a real primary: a {}'s loopback "
                      "link does not fail",
                      Id::PeerWaitLimit, Id::PeerWindow, Id::Model, Id::Demo));
    }
    refuse_modelled_topology(config_, values_.standby_lists);
    check_flush_sizes(config_);
    return settle(DemoRun{});
  }

  Action decide_role() {
    const Role role = *values_.role;
    if (role == Role::Primary) {
      settle(PrimaryRun{});
    } else {
      settle(StandbyRun{values_.loop});
    }
    require_addresses();
    check_flush_sizes(config_);
    if (values_.loop && role == Role::Primary) {
      throw UsageError(
          fmt::format("{} applies to the standby; run the primary once per run", Id::Loop));
    }
    // A persistent standby waits for the next primary as long as it takes, unless told.
    if (values_.loop && !given(Id::ConnectTimeout)) config_.waits.connect = Nanos{0};
    refuse_modelled_topology(config_, values_.standby_lists);
    settle_real_standbys(config_, values_.standby_lists, [this](Id id) { return given(id); });
    config_.follows_failures =
        role == Role::Primary &&
        (given(Id::HadrTimeout) || given(Id::PeerWaitLimit) || given(Id::PeerWindow));
    warn_about_other_role();
    return config_.action();
  }

  // The option among -role and -demo that was given, for a refusal to name.
  std::string role_option() const { return dashed(values_.role ? Id::Role : Id::Demo); }

  Action decide_model() {
    if (values_.role || values_.demo) {
      throw UsageError(fmt::format("{} runs both roles in virtual time; leave out {}", Id::Model,
                                   role_option()));
    }
    if (values_.loop)
      throw UsageError(fmt::format("{} is for a standby that serves many primaries", Id::Loop));
    check_flush_sizes(config_);
    settle_modelled_standbys(config_, values_.standby_lists);
    check_outages(config_);
    return settle(ModelRun{});
  }

  Action decide_calculate() {
    if (config_.workload) {
      throw UsageError(
          fmt::format("{} is for shipping runs; leave it out of {}", Id::Workload, Id::Calculate));
    }
    if (values_.role || values_.demo) {
      throw UsageError(fmt::format("{} reads log scans and ships nothing; leave out {}",
                                   Id::Calculate, role_option()));
    }
    CalculateConfig& calculate = *values_.calculate;
    for (const std::string& file : calculate.files) {
      if (file != "-") open_input_file(option_name(Id::Calculate), file);
    }
    if (!values_.calculator_network || !config_.disk) {
      throw UsageError(
          fmt::format("{} needs {} MB/S SECONDS and {} MB/S SECONDS (the link and the log "
                      "disk, in the calculator's MB/s: 2^20 bytes)",
                      Id::Calculate, Id::Network, Id::Disk));
    }
    if (!values_.disk_targets.empty() || values_.loop) {
      throw UsageError(
          fmt::format("{} runs on its own; leave out disk tests and {}", Id::Calculate, Id::Loop));
    }
    if (given(Id::LogRate)) {
      throw UsageError(fmt::format("{} takes each interval's log rate from the file; leave out {}",
                                   Id::Calculate, Id::LogRate));
    }
    if (config_.csv_path)
      throw UsageError(
          fmt::format("{} writes text and {}, not {}", Id::Calculate, Id::Json, Id::Csv));
    // -disk's figure is the calculator's MiB/s; DiskParams, and so -json's config, hold MBytes/s.
    DiskParams& disk = *config_.disk;
    if (disk.caps.throughput) {
      disk.caps.throughput = rate_cast<MBytesPerSec>(MiBPerSec{disk.caps.throughput->value()});
    }
    calculate.disk = {MiBPerSec{disk.rate.value()}, disk.overhead_seconds, disk.caps};
    disk.rate = rate_cast<MBytesPerSec>(calculate.disk.rate);
    calculate.network = *values_.calculator_network;
    calculate.simulate = values_.model;
    if (!values_.model) {
      for (const Id id : kFailureWhatIfs) {
        if (given(id))
          warn(fmt::format("{} applies to {} with {}; ignored", id, Id::Calculate, Id::Model));
      }
      config_.outages.reset();
      config_.replay.reset();
    }
    calculate.threads = values_.threads;
    calculate.modes = values_.sync_modes.empty() ? std::vector(kDefaultCalculateModes.begin(),
                                                               kDefaultCalculateModes.end())
                                                 : values_.sync_modes;
    return settle(std::move(calculate));
  }

  // -diagnose reads what a running pair's monitor wrote; of the other options
  // only -json applies, and each other one given is named and ignored.
  Action decide_diagnose() {
    if (values_.role || values_.demo || values_.model || values_.calculate ||
        !values_.disk_targets.empty() || values_.loop) {
      throw UsageError(
          fmt::format("{} reads monitor samples and runs nothing; leave out {}, {}, {}, "
                      "{}, disk tests and {} (it prints the runs to make)",
                      Id::Diagnose, Id::Role, Id::Demo, Id::Model, Id::Calculate, Id::Loop));
    }
    if (config_.csv_path)
      throw UsageError(
          fmt::format("{} writes text and {}, not {}", Id::Diagnose, Id::Json, Id::Csv));
    for (const std::string& file : values_.diagnose->files) {
      if (file != "-") open_input_file(option_name(Id::Diagnose), file);
    }
    if (std::ranges::count(values_.diagnose->files, "-") > 1) {
      throw UsageError(fmt::format("{} reads stdin (-) once", Id::Diagnose));
    }
    for (const OptionSpec& option : option_specs()) {
      if (given(option.id) && option.id != Id::Diagnose && option.id != Id::Json) {
        warn(fmt::format("-{} does not apply to {}; ignored", option.name, Id::Diagnose));
      }
    }
    return settle(std::move(*values_.diagnose));
  }

  Action decide_disk_test() {
    if (values_.disk_targets.size() > 1) {
      throw UsageError(
          fmt::format("give only one of {}, {} and {}", Id::Write, Id::Read, Id::TestDisk));
    }
    DiskTestConfig& disk = values_.disk;
    std::tie(disk.kind, disk.path) = values_.disk_targets.front();
    disk.threads = values_.threads.value_or(1);
    const std::string test = dashed(row_for(kDiskTestOptions, disk.kind).option);
    if (values_.role || values_.demo || values_.model) {
      throw UsageError(fmt::format("{} is a disk test, which runs on its own; leave out {}", test,
                                   values_.model ? dashed(Id::Model) : role_option()));
    }
    if (disk.path.empty()) {
      throw UsageError(fmt::format("{} needs a {} name", test,
                                   disk.kind == DiskTestKind::Directory ? "directory" : "file"));
    }
    if (disk.kind == DiskTestKind::ReadFile) {
      if (disk.threads > 1) {
        throw UsageError(
            fmt::format("{} applies to write tests; {} uses one reader", Id::Threads, Id::Read));
      }
      if (disk.preallocate) {
        warn(fmt::format("{} applies to write tests; ignored", Id::Preallocate));
        disk.preallocate = false;
      }
      if (given(Id::Payload))
        warn(fmt::format("{} applies to write tests; {} reads what is there", Id::Payload,
                         Id::Read));
    }
    return settle(disk);
  }

  // Once the action is known: what does not fit it, refused or ignored with a warning.
  void check_across_actions() {
    const Action action = command_.action;
    if (values_.sync_modes.size() > 1 && action != Action::Calculate) {
      throw UsageError(
          fmt::format("{} takes one mode; a comma list is for {}", Id::SyncMode, Id::Calculate));
    }
    if (config_.spool_limit_pages > 0 && !config_.replay &&
        (action == Action::Standby || action == Action::Model || action == Action::Demo)) {
      warn(fmt::format("{} spools log awaiting replay, so it needs {}; without it, ignored",
                       Id::SpoolLimit, Id::Replay));
    }
    if (config_.replay_delay_seconds > 0 && action != Action::Calculate) {
      check_replay_delay(config_, action);
    }
    if (config_.json_path && config_.json_path == config_.csv_path) {
      throw UsageError(fmt::format("{} and {} name the same file {}", Id::Json, Id::Csv,
                                   shown(*config_.json_path)));
    }
    if (action == Action::Diagnose) {  // decide_diagnose named each option it ignores
      config_.tls.reset();
      return;
    }
    check_tls(
        config_, action, [this](Id id) { return given(id); }, command_.warnings);
    warn_ignored_options(
        action, [this](Id id) { return given(id); }, command_.warnings);
  }

  // -write FILE truncates FILE before it writes: a payload file of that name would be lost.
  void refuse_payload_written_over() const {
    const DiskTestConfig* disk = config_.as<DiskTestConfig>();
    if (!disk || disk->kind != DiskTestKind::WriteFile) return;
    for (const PayloadFile& file : config_.payload.files) {
      std::error_code error;
      if (std::filesystem::equivalent(file.path, disk->path, error)) {
        throw UsageError(fmt::format("{} {} is the file {} writes over; give a copy", Id::Payload,
                                     shown(file.path), Id::Write));
      }
    }
  }

  void require_addresses() const {
    std::vector<std::string> missing;
    for (const Id id : {Id::Lhost, Id::Lport, Id::Rhost, Id::Rport}) {
      if (!given(id)) missing.push_back(dashed(id));
    }
    if (!missing.empty()) {
      throw UsageError(fmt::format("{} {} needs {}, {}, {} and {}; missing {}", Id::Role,
                                   role_name(*values_.role), Id::Lhost, Id::Lport, Id::Rhost,
                                   Id::Rport, fmt::join(missing, ", ")));
    }
  }

  // Options for the other role: each given one is named and ignored.
  void warn_about_other_role() {
    const Applies other =
        *values_.role == Role::Standby ? Applies::PrimaryOnly : Applies::StandbyOnly;
    const std::string_view usual = other == Applies::PrimaryOnly
                                       ? "applies to the primary only; ignored on the standby"
                                       : "applies to the standby only; ignored";
    for (const OptionSpec& option : option_specs()) {
      if (option.applies != other || !given(option.id)) continue;
      warn(fmt::format("-{} {}", option.name,
                       option.ignored_why.empty() ? usual : option.ignored_why));
    }
  }

  OptionValues& values_;
  RunConfig& config_;
  Command command_;
};

}  // namespace

Command decide_command(OptionValues& values) {
  return Rules(values).decide();
}

}  // namespace simhadr
