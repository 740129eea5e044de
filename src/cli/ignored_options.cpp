#include "cli/ignored_options.hpp"

#include <fmt/format.h>

#include <array>
#include <span>

#include "cli/option_table.hpp"

namespace simhadr {

namespace {

using Id = OptionId;

struct IgnoredOptions {
  bool (*applies)(Action action);
  std::span<const OptionId> options;
  std::string (*why)();
};

constexpr std::array kNotForCalculate{
    Id::NetDelay, Id::NetRate,  Id::FlushSize, Id::FlushSizes, Id::N,           Id::T,
    Id::Target,   Id::Interval, Id::TcpCost,   Id::Payload,    Id::ReplayDelay, Id::MaxCommitHold};
constexpr std::array kShippingOnly{Id::Interval};
constexpr std::array kNotForSleepTest{Id::Json, Id::Csv, Id::Interval, Id::Payload};
constexpr std::array kDiskTestOnly{Id::Cache, Id::Preallocate};
constexpr std::array kDiskTestOrCalculateOnly{Id::Threads};

// In the order their warnings are printed.
constexpr std::array kIgnoredOptions{
    IgnoredOptions{[](Action a) { return a == Action::Calculate; }, kNotForCalculate,
                   [] { return fmt::format("does not apply to {}; ignored", Id::Calculate); }},
    IgnoredOptions{[](Action a) { return a == Action::DiskTest; }, kShippingOnly,
                   [] { return std::string("applies to shipping runs; ignored in a disk test"); }},
    IgnoredOptions{[](Action a) { return a == Action::SleepTest; }, kNotForSleepTest,
                   [] { return fmt::format("has nothing to record in {}", Id::TestSleep); }},
    IgnoredOptions{[](Action a) { return a != Action::DiskTest; }, kDiskTestOnly,
                   [] { return std::string("applies to disk tests only; ignored"); }},
    IgnoredOptions{
        [](Action a) { return a != Action::DiskTest && a != Action::Calculate; },
        kDiskTestOrCalculateOnly,
        [] { return fmt::format("applies to disk tests and {} only; ignored", Id::Calculate); }},
};

}  // namespace

void warn_given(std::span<const OptionId> options, const std::function<bool(OptionId)>& given,
                std::string_view why, std::vector<std::string>& warnings) {
  for (const Id id : options) {
    if (given(id)) warnings.push_back(fmt::format("{} {}", id, why));
  }
}

void warn_ignored_options(Action action, const std::function<bool(OptionId)>& given,
                          std::vector<std::string>& warnings) {
  for (const IgnoredOptions& rule : kIgnoredOptions) {
    if (rule.applies(action)) warn_given(rule.options, given, rule.why(), warnings);
  }
}

}  // namespace simhadr
