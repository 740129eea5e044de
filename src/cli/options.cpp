#include "cli/options.hpp"

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <functional>
#include <tuple>

#include "cli/arg_normalizer.hpp"
#include "cli/flush_size_file.hpp"
#include "cli/input_file.hpp"
#include "cli/model_checks.hpp"
#include "cli/number_parsing.hpp"
#include "cli/option_table.hpp"
#include "cli/standby_list.hpp"
#include "cli/workload_file.hpp"
#include "simhadr/limits.hpp"
#include "simhadr/shown.hpp"

namespace simhadr {

namespace {

std::string_view disk_test_option(DiskTestKind kind) {
  switch (kind) {
    case DiskTestKind::WriteFile:
      return "-write";
    case DiskTestKind::ReadFile:
      return "-read";
    case DiskTestKind::Directory:
      return "-testDisk";
  }
  return "-write";
}

constexpr std::uint32_t kMaxThreads = 64;
// As many values as follow, up to the next option.
constexpr int kManyValues = 1 << 20;

Role parse_role(const std::string& text) {
  std::string lower;
  for (const char c : text) lower.push_back(static_cast<char>(std::tolower(c)));
  if (lower == "primary" || lower == "p") return Role::Primary;
  if (lower == "standby" || lower == "s") return Role::Standby;
  throw UsageError(
      fmt::format("-role {} is unknown; give primary (P) or standby (S)", shown(text)));
}

std::uint16_t parse_port(std::string_view option, const std::string& text, std::uint16_t min) {
  return parse_number<std::uint16_t>(option, text, min, 65535);
}

class OptionTable {
 public:
  OptionTable(Command& command, CLI::App& app)
      : command_(command), config_(command.config), app_(app) {}

  void define() {
    app_.set_help_flag();
    app_.add_flag("-h,--help", help_);
    app_.add_flag("--version", version_);
    define_addresses();
    define_shipping();
    define_socket_and_waits();
    define_models();
    define_planning();
    define_workload();
    define_outages();
    define_disk_tests_and_flags();
    check_defined_options(app_);
  }

  void define_addresses() {
    text("role", [this](const std::string& v) { config_.role = parse_role(v); });
    text("lhost", [this](const std::string& v) { config_.local.host = v; });
    text("rhost", [this](const std::string& v) {
      standby_lists_.hosts = split_list("rhost", v);
      config_.remote.host = standby_lists_.hosts.front();
    });
    // 0 lets the kernel choose the primary's port (it is printed); the standby needs a real one.
    text("lport", [this](const std::string& v) { config_.local.port = parse_port("lport", v, 0); });
    text("rport", [this](const std::string& v) {
      standby_lists_.ports.clear();
      for (const std::string& port : split_list("rport", v)) {
        standby_lists_.ports.push_back(parse_port("rport", port, 1));
      }
      config_.remote.port = standby_lists_.ports.front();
    });
  }

  void define_shipping() {
    text("n", [this](const std::string& v) {
      config_.max_flushes = parse_number<std::uint64_t>("n", v, 1, UINT64_MAX);
    });
    text("t", [this](const std::string& v) {
      config_.run_seconds = parse_positive("t", v, kMaxRunSeconds);
    });
    text("syncMode", [this](const std::string& v) {
      sync_modes_ = parse_sync_modes(v);
      config_.sync_mode = sync_modes_.front();
    });
    text("flushSize", [this](const std::string& v) {
      config_.flush_pages = parse_number<std::uint32_t>("flushSize", v, 1, kMaxFlushPages);
    });
    text("spoolLimit",
         [this](const std::string& v) { config_.spool_limit_pages = parse_spool_limit(v); });
    text("hadrBufSize", [this](const std::string& v) {
      config_.standby_buffer_pages =
          parse_number<std::uint32_t>("hadrBufSize", v, 1, kMaxStandbyBufferPages);
    });
    text("target", [this](const std::string& v) {
      config_.target_mbytes_per_sec = parse_positive("target", v, 1e6);
    });
    text("standbySockSndBuf", [this](const std::string& v) {
      config_.standby_request.send_buffer =
          parse_number<int>("standbySockSndBuf", v, 1, kMaxSocketBufferBytes);
    });
    text("standbySockRcvBuf", [this](const std::string& v) {
      config_.standby_request.receive_buffer =
          parse_number<int>("standbySockRcvBuf", v, 1, kMaxSocketBufferBytes);
    });
    text("standbyHadrBufSize", [this](const std::string& v) {
      config_.standby_request.buffer_pages =
          parse_number<std::uint32_t>("standbyHadrBufSize", v, 1, kMaxStandbyBufferPages);
    });
    text("testSleep", [this](const std::string& v) {
      config_.test_sleep_seconds = parse_positive("testSleep", v, kMaxSleepTestSeconds);
    });
  }

  void define_socket_and_waits() {
    text("sockSndBuf", [this](const std::string& v) {
      config_.socket.send_buffer = parse_number<int>("sockSndBuf", v, 1, kMaxSocketBufferBytes);
    });
    text("sockRcvBuf", [this](const std::string& v) {
      config_.socket.receive_buffer = parse_number<int>("sockRcvBuf", v, 1, kMaxSocketBufferBytes);
    });
    text("spin", [this](const std::string& v) {
      config_.spin_seconds = parse_number<double>("spin", v, 0.0, kMaxSpinSeconds);
    });
    text("connectTimeout", [this](const std::string& v) {
      config_.waits.connect =
          from_seconds(parse_number<double>("connectTimeout", v, 0.0, kMaxRunSeconds));
    });
    text("stallTimeout", [this](const std::string& v) {
      config_.waits.stall =
          from_seconds(parse_number<double>("stallTimeout", v, 0.0, kMaxRunSeconds));
    });
    text("interval", [this](const std::string& v) {
      config_.interval = from_seconds(parse_number<double>("interval", v, 0.1, kMaxRunSeconds));
    });
    text("json", [this](const std::string& v) { config_.json_path = output_path("json", v); });
    text("csv", [this](const std::string& v) { config_.csv_path = output_path("csv", v); });
  }

  void define_models() {
    app_.add_option_function<std::vector<std::string>>(
            parser_token("disk"),
            [this](const std::vector<std::string>& v) {
              if (v.size() != 2) {
                throw UsageError("-disk takes two values: MB/s and seconds of overhead per IO");
              }
              config_.disk = DiskParams{parse_positive("disk", v[0], 1e6),
                                        parse_number<double>("disk", v[1], 0.0, 60.0)};
            })
        ->expected(2);
    app_.add_option_function<std::vector<std::string>>(
            parser_token("replay"),
            [this](const std::vector<std::string>& v) {
              config_.replay =
                  DiskParams{parse_positive("replay", v[0], 1e6),
                             v.size() > 1 ? parse_number<double>("replay", v[1], 0.0, 60.0) : 0.0};
            })
        ->expected(1, 2);
    text("netDelay", [this](const std::string& v) {
      standby_lists_.delays.clear();
      for (const std::string& delay : split_list("netDelay", v)) {
        standby_lists_.delays.push_back(parse_number<double>("netDelay", delay, 0.0, 10.0));
      }
      network().one_way_delay_seconds = standby_lists_.delays.front();
    });
    text("netRate", [this](const std::string& v) {
      standby_lists_.rates.clear();
      for (const std::string& rate : split_list("netRate", v)) {
        standby_lists_.rates.push_back(parse_positive("netRate", rate, 1e6));
      }
      network().mbytes_per_sec = standby_lists_.rates.front();
    });
    text("uplinkRate", [this](const std::string& v) {
      config_.uplink_mbytes_per_sec = parse_positive("uplinkRate", v, 1e6);
    });
  }

  // -calculate and its link.
  void define_planning() {
    app_.add_option_function<std::vector<std::string>>(
            parser_token("calculate"),
            [this](const std::vector<std::string>& v) {
              if (!config_.calculate) config_.calculate.emplace();
              config_.calculate->files.insert(config_.calculate->files.end(), v.begin(), v.end());
            })
        ->expected(1, kManyValues);
    app_.add_option_function<std::vector<std::string>>(
            parser_token("network"),
            [this](const std::vector<std::string>& v) {
              if (v.size() != 2) {
                throw UsageError("-network takes two values: MB/s and the round trip in seconds");
              }
              config_.calculator_network =
                  CalculatorNetwork{parse_positive("network", v[0], 1e6),
                                    parse_number<double>("network", v[1], 0.0, 60.0)};
            })
        ->expected(2);
  }

  // Where flush sizes come from: a file, a logger at a rate, or db2logscan's intervals.
  void define_workload() {
    text("flushSizes",
         [this](const std::string& v) { config_.flush_size_list = read_flush_size_file(v); });
    text("logRate", [this](const std::string& v) {
      logger().mbytes_per_sec = parse_positive("logRate", v, 1e6);
    });
    text("workload", [this](const std::string& v) { workload().path = v; });
    text("workloadSpeed", [this](const std::string& v) {
      workload().speed = parse_positive("workloadSpeed", v, 1e6);
    });
    text("logBufSize", [this](const std::string& v) {
      logger().buffer_pages = parse_number<std::uint32_t>("logBufSize", v, 1, kMaxFlushPages);
    });
  }

  // -model's planned outages, and Db2's HADR_TIMEOUT that real and modelled stalls are held to.
  void define_outages() {
    text("netOutage", [this](const std::string& v) {
      outages().seconds = parse_positive("netOutage", v, kMaxOutageSeconds);
    });
    text("netOutageEvery", [this](const std::string& v) {
      outages().every_seconds = parse_positive("netOutageEvery", v, kMaxOutageSeconds);
    });
    text("hadrTimeout", [this](const std::string& v) {
      config_.hadr_timeout_seconds = parse_positive("hadrTimeout", v, kMaxOutageSeconds);
    });
  }

  void define_disk_tests_and_flags() {
    app_.add_flag(parser_token("model"), config_.model);
    text("write",
         [this](const std::string& v) { disk_targets_.emplace_back(DiskTestKind::WriteFile, v); });
    text("read",
         [this](const std::string& v) { disk_targets_.emplace_back(DiskTestKind::ReadFile, v); });
    text("testDisk",
         [this](const std::string& v) { disk_targets_.emplace_back(DiskTestKind::Directory, v); });
    text("threads", [this](const std::string& v) {
      threads_ = parse_number<std::uint32_t>("threads", v, 1, kMaxThreads);
    });
    app_.add_flag(parser_token("cache"), disk_.cache);
    app_.add_flag(parser_token("preallocate"), disk_.preallocate);
    app_.add_flag(parser_token("rcu"), config_.remote_catchup);
    app_.add_flag(parser_token("verbose"), config_.verbose);
    app_.add_flag(parser_token("nagle"), config_.socket.nagle);
    app_.add_flag(parser_token("block"), config_.socket.blocking);
    app_.add_flag(parser_token("bind"), config_.socket.bind_local);
    app_.add_flag(parser_token("anyHost"), config_.socket.any_host);
    app_.add_flag(parser_token("loop"), config_.loop);
    app_.add_flag(parser_token("demo"), config_.demo);
  }

  // -workload: the logger's rate follows the file's intervals.
  void prepare_workload() {
    if (!config_.workload) return;
    if (config_.workload->path.empty()) {
      throw UsageError("-workloadSpeed needs -workload FILE (db2logscan output)");
    }
    for (const std::string_view name : {"logRate", "flushSize", "flushSizes", "target"}) {
      if (given(name)) {
        throw UsageError(
            fmt::format("-workload sets the log rate from its file; leave out -{}", name));
      }
    }
    LoggerParams& params = logger();
    params.steps = read_workload_file(config_.workload->path, config_.workload->speed);
    if (params.buffer_pages == 0) params.buffer_pages = kDefaultLogBufferPages;
    Nanos total{};
    for (const RateStep& step : params.steps) {
      total += step.duration;
      params.mbytes_per_sec = std::max(params.mbytes_per_sec, step.mbytes_per_sec);
    }
    if (params.mbytes_per_sec <= 0) {
      throw UsageError(
          fmt::format("-workload {}: every interval logged 0 MB/s", shown(config_.workload->path)));
    }
    if (!config_.run_seconds && !config_.max_flushes) config_.run_seconds = to_seconds(total);
  }

  void decide_action() {
    if (!help_ && !version_ && !config_.calculate && config_.role != Role::Standby) {
      prepare_workload();
    }
    if (help_) {
      command_.action = Action::Help;
    } else if (version_) {
      command_.action = Action::Version;
    } else if (config_.test_sleep_seconds) {
      command_.action = Action::SleepTest;
    } else if (config_.calculate) {
      if (config_.workload)
        throw UsageError("-workload is for shipping runs; leave it out of -calculate");
      decide_calculate();
    } else if (!disk_targets_.empty()) {
      decide_disk_test();
    } else if (config_.model) {
      decide_model();
    } else if (config_.demo) {
      decide_demo();
    } else if (config_.role) {
      decide_role();
    } else {
      throw UsageError(
          "nothing to do: give -role primary|standby, -demo, -model, -calculate FILE, a disk "
          "test (-write, -read, -testDisk) or -testSleep (-h for help)");
    }
    check_across_actions();
  }

  void decide_demo() {
    if (config_.role) throw UsageError("-demo runs both roles itself; leave out -role");
    if (config_.loop) throw UsageError("-loop is for a standby that serves many primaries");
    refuse_modelled_topology(config_, standby_lists_);
    check_flush_sizes(config_);
    command_.action = Action::Demo;
  }

  void decide_role() {
    require_addresses();
    check_flush_sizes(config_);
    if (config_.loop && *config_.role == Role::Primary) {
      throw UsageError("-loop applies to the standby; run the primary once per run");
    }
    // A persistent standby waits for the next primary as long as it takes, unless told.
    if (config_.loop && !given("connectTimeout")) config_.waits.connect = Nanos{0};
    command_.action = *config_.role == Role::Primary ? Action::Primary : Action::Standby;
    refuse_modelled_topology(config_, standby_lists_);
    settle_real_standbys(config_, standby_lists_,
                         [this](std::string_view name) { return given(name); });
    warn_about_other_role();
  }

  // Once the action is known: what does not fit it, refused or ignored with a warning.
  void check_across_actions() {
    if (sync_modes_.size() > 1 && command_.action != Action::Calculate) {
      throw UsageError("-syncMode takes one mode; a comma list is for -calculate");
    }
    if (config_.spool_limit_pages > 0 && !config_.replay &&
        (command_.action == Action::Standby || command_.action == Action::Model ||
         command_.action == Action::Demo)) {
      command_.warnings.push_back(
          "-spoolLimit spools log awaiting replay, so it needs -replay; without it, ignored");
    }
    if (config_.json_path && config_.json_path == config_.csv_path) {
      throw UsageError(
          fmt::format("-json and -csv name the same file {}", shown(*config_.json_path)));
    }
    if (command_.action == Action::DiskTest && config_.interval) {
      command_.warnings.push_back("-interval applies to shipping runs; ignored in a disk test");
    }
    if (command_.action == Action::SleepTest) {
      for (const std::string_view name : {"json", "csv", "interval"}) {
        if (given(name))
          command_.warnings.push_back(fmt::format("-{} has nothing to record in -testSleep", name));
      }
    }
    if (command_.action != Action::DiskTest) {
      for (const std::string_view name : {"cache", "preallocate"}) {
        if (given(name))
          command_.warnings.push_back(fmt::format("-{} applies to disk tests only; ignored", name));
      }
      if (given("threads") && command_.action != Action::Calculate) {
        command_.warnings.push_back("-threads applies to disk tests and -calculate only; ignored");
      }
    }
  }

 private:
  static std::string output_path(std::string_view option, const std::string& path) {
    if (path.empty())
      throw UsageError(fmt::format("-{} needs a file name (or - for stdout)", option));
    if (option == "csv" && path == "-") {
      throw UsageError("-csv appends to a file; give a file name, not -");
    }
    if (path == "-") return path;
    // Found out now, not after an hour-long run whose results would then be lost.
    const std::filesystem::path parent = std::filesystem::path(path).parent_path();
    const std::string directory = parent.empty() ? std::string(".") : parent.string();
    if (::access(directory.c_str(), W_OK) != 0) {
      throw UsageError(fmt::format("-{} {}: cannot write in directory {}: {}", option, shown(path),
                                   shown(directory), std::strerror(errno)));
    }
    if (std::filesystem::is_directory(path)) {
      throw UsageError(fmt::format("-{} {} is a directory; give a file name", option, shown(path)));
    }
    return path;
  }

  NetworkParams& network() {
    if (!config_.network) config_.network.emplace();
    return *config_.network;
  }
  WorkloadReplay& workload() {
    if (!config_.workload) config_.workload.emplace();
    return *config_.workload;
  }
  LoggerParams& logger() {
    if (!config_.logger) config_.logger.emplace();
    return *config_.logger;
  }

  OutagePlan& outages() {
    if (!config_.outages) config_.outages.emplace();
    return *config_.outages;
  }

  // The option among -role and -demo that was given, for a refusal to name.
  std::string_view role_option() const { return config_.role ? "-role" : "-demo"; }

  void decide_model() {
    if (config_.role || config_.demo) {
      throw UsageError(
          fmt::format("-model runs both roles in virtual time; leave out {}", role_option()));
    }
    if (config_.loop) throw UsageError("-loop is for a standby that serves many primaries");
    check_flush_sizes(config_);
    settle_modelled_standbys(config_, standby_lists_);
    require_something_takes_time(config_);
    check_outages(config_);
    command_.action = Action::Model;
  }

  void decide_calculate() {
    if (config_.role || config_.demo) {
      throw UsageError(
          fmt::format("-calculate reads log scans and ships nothing; leave out {}", role_option()));
    }
    for (const std::string& file : config_.calculate->files) {
      if (file != "-") open_input_file("calculate", file);
    }
    if (!config_.calculator_network || !config_.disk) {
      throw UsageError(
          "-calculate needs -network MB/S SECONDS and -disk MB/S SECONDS (the link and the log "
          "disk, in the calculator's MB/s: 2^20 bytes)");
    }
    if (!disk_targets_.empty() || config_.loop) {
      throw UsageError("-calculate runs on its own; leave out disk tests and -loop");
    }
    if (given("logRate")) {
      throw UsageError(
          "-calculate takes each interval's log rate from the file; leave out -logRate");
    }
    if (config_.csv_path) throw UsageError("-calculate writes text and -json, not -csv");
    config_.calculate->threads = threads_;
    config_.calculate->modes =
        sync_modes_.empty() ? std::vector{SyncMode::Sync, SyncMode::NearSync, SyncMode::Async}
                            : sync_modes_;
    for (const std::string_view name : {"netDelay", "netRate", "flushSize", "flushSizes", "n", "t",
                                        "target", "replay", "interval"}) {
      if (given(name)) {
        command_.warnings.push_back(fmt::format("-{} does not apply to -calculate; ignored", name));
      }
    }
    command_.action = Action::Calculate;
  }

  static std::vector<SyncMode> parse_sync_modes(const std::string& text) {
    std::vector<SyncMode> modes;
    std::size_t start = 0;
    while (true) {
      const std::size_t comma = std::min(text.find(',', start), text.size());
      std::string name = text.substr(start, comma - start);
      std::erase(name, ' ');
      const std::optional<SyncMode> mode = parse_sync_mode(name);
      if (!mode) {
        throw UsageError(fmt::format(
            "-syncMode {} is unknown; give SYNC, NEARSYNC, ASYNC or SUPERASYNC", shown(name)));
      }
      if (std::ranges::find(modes, *mode) != modes.end()) {
        throw UsageError(fmt::format("-syncMode names {} twice", name));
      }
      modes.push_back(*mode);
      if (comma == text.size()) return modes;
      start = comma + 1;
    }
  }

  void text(std::string_view name, std::function<void(const std::string&)> store) {
    app_.add_option_function<std::string>(parser_token(name), std::move(store));
  }

  void decide_disk_test() {
    if (disk_targets_.size() > 1) {
      throw UsageError("give only one of -write, -read and -testDisk");
    }
    std::tie(disk_.kind, disk_.path) = disk_targets_.front();
    disk_.threads = threads_.value_or(1);
    const std::string_view test = disk_test_option(disk_.kind);
    if (config_.role || config_.demo || config_.model) {
      throw UsageError(fmt::format("{} is a disk test, which runs on its own; leave out {}", test,
                                   config_.model ? "-model" : role_option()));
    }
    if (disk_.path.empty()) {
      throw UsageError(fmt::format("{} needs a {} name", test,
                                   disk_.kind == DiskTestKind::Directory ? "directory" : "file"));
    }
    if (disk_.kind == DiskTestKind::ReadFile) {
      if (disk_.threads > 1)
        throw UsageError("-threads applies to write tests; -read uses one reader");
      if (disk_.preallocate) {
        command_.warnings.push_back("-preallocate applies to write tests; ignored");
        disk_.preallocate = false;
      }
    }
    config_.disk_test = disk_;
    command_.action = Action::DiskTest;
  }

  bool given(std::string_view name) const {
    return app_.get_option(parser_token(name))->count() > 0;
  }

  void require_addresses() const {
    std::vector<std::string> missing;
    for (const std::string_view name : {"lhost", "lport", "rhost", "rport"}) {
      if (!given(name)) missing.push_back(fmt::format("-{}", name));
    }
    if (!missing.empty()) {
      throw UsageError(fmt::format("-role {} needs -lhost, -lport, -rhost and -rport; missing {}",
                                   *config_.role == Role::Primary ? "primary" : "standby",
                                   fmt::join(missing, ", ")));
    }
  }

  // -roleless options are for the other role: each given one is named and ignored.
  void warn_about_other_role() {
    const Applies other =
        *config_.role == Role::Standby ? Applies::PrimaryOnly : Applies::StandbyOnly;
    const std::string_view usual = other == Applies::PrimaryOnly
                                       ? "applies to the primary only; ignored on the standby"
                                       : "applies to the standby only; ignored";
    for (const OptionSpec& option : option_specs()) {
      if (option.applies != other || !given(option.name)) continue;
      command_.warnings.push_back(fmt::format(
          "-{} {}", option.name, option.ignored_why.empty() ? usual : option.ignored_why));
    }
  }

  Command& command_;
  RunConfig& config_;
  CLI::App& app_;
  bool help_ = false;
  bool version_ = false;
  std::vector<std::pair<DiskTestKind, std::string>> disk_targets_;
  std::vector<SyncMode> sync_modes_;
  std::optional<std::uint32_t> threads_;
  StandbyLists standby_lists_;
  DiskTestConfig disk_;
};

}  // namespace

Command parse_command_line(std::span<const std::string> args) {
  Command command;
  command.config.args.assign(args.begin(), args.end());
  std::vector<std::string> tokens = normalize_arguments(args, option_names());

  CLI::App app{"simhadr"};
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  OptionTable table(command, app);
  table.define();
  try {
    std::ranges::reverse(tokens);
    app.parse(tokens);
  } catch (const CLI::ParseError& error) {
    std::string message = error.what();
    for (std::size_t at = message.find("--"); at != std::string::npos;
         at = message.find("--", at)) {
      message.erase(at, 1);
    }
    throw UsageError(with_long_words_cut(message));
  }
  table.decide_action();
  return command;
}

}  // namespace simhadr
