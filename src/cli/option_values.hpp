#pragma once
// What the option rows store into while the command line is read, and what
// one row is handed: its name and the values the user gave it.
#include <bitset>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli/number_parsing.hpp"
#include "cli/option_id.hpp"
#include "cli/standby_list.hpp"
#include "simhadr/config.hpp"

namespace simhadr {

struct OptionValues {
  RunConfig config;
  bool help = false;
  bool version = false;
  // What asks for a kind of run; the rules settle them into config.run.
  std::optional<Role> role;
  bool demo = false;
  bool model = false;
  bool loop = false;
  std::optional<double> test_sleep_seconds;
  std::optional<CalculateConfig> calculate;
  std::optional<CalculatorNetwork> calculator_network;
  std::optional<DiagnoseConfig> diagnose;
  // Gathered here and settled into the configuration once every option is read.
  std::vector<std::pair<DiskTestKind, std::string>> disk_targets;
  std::vector<SyncMode> sync_modes;
  std::optional<std::uint32_t> threads;
  std::vector<std::string> payload;     // -payload's values, read once the role is known
  std::optional<std::string> compress;  // -compress's value, read once the action is known
  StandbyLists standby_lists;
  DiskTestConfig disk;
  std::bitset<kOptionCount> given_options;  // on the command line, whatever the value

  bool given(OptionId id) const { return given_options.test(static_cast<std::size_t>(id)); }

  NetworkParams& network() { return emplaced(config.network); }
  WorkloadReplay& workload() { return emplaced(config.workload); }
  LoggerParams& logger() { return emplaced(config.logger); }
  OutagePlan& outages() { return emplaced(config.outages); }
  TlsSettings& tls() { return emplaced(config.tls); }

 private:
  template <typename T>
  static T& emplaced(std::optional<T>& part) {
    if (!part) part.emplace();
    return *part;
  }
};

// One option's values, with the checks that name the option in their refusals.
class OptionInput {
 public:
  OptionInput(std::string_view name, std::span<const std::string> values)
      : name_(name), values_(values) {}

  std::string_view name() const { return name_; }
  std::size_t size() const { return values_.size(); }
  std::span<const std::string> all() const { return values_; }
  const std::string& text(std::size_t at = 0) const { return values_[at]; }

  template <typename T>
  T number(T min, T max, std::size_t at = 0) const {
    return parse_number<T>(name_, values_[at], min, max);
  }
  double positive(double max, std::size_t at = 0) const {
    return parse_positive(name_, values_[at], max);
  }
  // The comma-separated entries of the one value.
  std::vector<std::string> list() const { return split_list(name_, text()); }

 private:
  std::string_view name_;
  std::span<const std::string> values_;
};

}  // namespace simhadr
