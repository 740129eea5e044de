#include "cli/standby_list.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>

#include "cli/number_parsing.hpp"
#include "cli/option_table.hpp"
#include "simhadr/shown.hpp"

namespace simhadr {

// HADR_SPOOL_LIMIT's largest page count.
constexpr std::uint64_t kMaxSpoolPages = 2147483647;

std::vector<std::string> split_list(std::string_view option, const std::string& text) {
  std::vector<std::string> entries;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    std::string entry = text.substr(start, comma - start);
    std::erase(entry, ' ');
    if (entry.empty()) {
      throw UsageError(fmt::format("-{} {} has an empty entry", option, shown(text)));
    }
    entries.push_back(std::move(entry));
    if (comma == text.size()) return entries;
    start = comma + 1;
  }
}

std::vector<Endpoint> pair_standby_list(const std::vector<std::string>& hosts,
                                        const std::vector<std::uint16_t>& ports) {
  if (hosts.size() > kMaxStandbys || ports.size() > kMaxStandbys) {
    throw UsageError(fmt::format(
        "{} and {} list {} standbys; HADR takes at most {} (a principal and two "
        "auxiliaries)",
        OptionId::Rhost, OptionId::Rport, std::max(hosts.size(), ports.size()), kMaxStandbys));
  }
  if (hosts.size() != ports.size()) {
    throw UsageError(
        fmt::format("{} lists {} standbys but {} {}; give one port per host, in the same order",
                    OptionId::Rhost, hosts.size(), OptionId::Rport, ports.size()));
  }
  std::vector<Endpoint> standbys;
  for (std::size_t i = 0; i < hosts.size(); ++i) standbys.push_back({hosts[i], ports[i]});
  for (std::size_t i = 0; i < standbys.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (standbys[i].host == standbys[j].host && standbys[i].port == standbys[j].port) {
        throw UsageError(
            fmt::format("{}/{} name {}:{} twice; standbys on one host differ by port (their {} "
                        "{})",
                        OptionId::Rhost, OptionId::Rport, standbys[i].host, standbys[i].port,
                        OptionId::Bind, OptionId::Lport));
      }
    }
  }
  return standbys;
}

std::uint64_t parse_spool_limit(const std::string& text) {
  if (text == "-1" || text == "unlimited") return kUnlimitedSpool;
  const auto pages =
      parse_number<std::int64_t>(option_name(OptionId::SpoolLimit), text, -1, kMaxSpoolPages);
  return static_cast<std::uint64_t>(pages);
}

void refuse_modelled_topology(const RunConfig& config, const StandbyLists& lists) {
  if (config.uplink) {
    throw UsageError(fmt::format("{} is for {}; on real links, limit the uplink with tc",
                                 OptionId::UplinkRate, OptionId::Model));
  }
  if (config.outages) {
    throw UsageError(
        fmt::format("{} is for {}; on a real link, take it down (ip link set DEV down) and the "
                    "report finds the stall",
                    OptionId::NetOutage, OptionId::Model));
  }
  if (config.max_commit_hold_seconds) {
    throw UsageError(fmt::format("{} is for {}: the advice it asks for is worked out on the model",
                                 OptionId::MaxCommitHold, OptionId::Model));
  }
  if (config.tcp_cost) {
    throw UsageError(
        fmt::format("{} is for {}; a real run's CPU line shows what TCP costs each side",
                    OptionId::TcpCost, OptionId::Model));
  }
  if (lists.delays.size() > 1 || lists.rates.size() > 1) {
    throw UsageError(fmt::format("{} and {} take lists in {} only; a real run takes one value",
                                 OptionId::NetDelay, OptionId::NetRate, OptionId::Model));
  }
}

void settle_real_standbys(RunConfig& config, const StandbyLists& lists, const GivenOption& given) {
  const std::vector<Endpoint> standbys = pair_standby_list(lists.hosts, lists.ports);
  if (standbys.size() == 1) return;
  if (config.role() == Role::Standby) {
    throw UsageError(
        fmt::format("{} and {} take one address on a standby: its primary's (lists are for the "
                    "primary's standbys)",
                    OptionId::Rhost, OptionId::Rport));
  }
  for (const OptionId id : {OptionId::NetDelay, OptionId::NetRate}) {
    if (given(id)) {
      throw UsageError(fmt::format(
          "-{} shapes one connection; with several standbys, shape the real links with tc, or "
          "plan the site with {}, which takes a list",
          option_name(id), OptionId::Model));
    }
  }
  for (const OptionId id : {OptionId::StandbySockSndBuf, OptionId::StandbySockRcvBuf,
                            OptionId::StandbyHadrBufSize, OptionId::AnyHost}) {
    if (given(id)) {
      throw UsageError(fmt::format(
          "-{} is for a primary with one standby; with several, give each standby its own settings",
          option_name(id)));
    }
  }
  for (const OptionSpec& option : option_specs()) {
    if (option.applies == Applies::StandbyOnly && given(option.id)) {
      throw UsageError(fmt::format(
          "-{} applies to a standby; a primary with several standbys refuses it (give it to each "
          "standby's command)",
          option.name));
    }
  }
  config.auxiliaries.assign(standbys.begin() + 1, standbys.end());
}

void settle_modelled_standbys(RunConfig& config, const StandbyLists& lists) {
  const std::size_t standbys = std::max<std::size_t>(1, lists.hosts.size());
  if (standbys > kMaxStandbys) {
    throw UsageError(fmt::format("{} lists {} standbys; HADR takes at most {}", OptionId::Rhost,
                                 standbys, kMaxStandbys));
  }
  if (!lists.ports.empty()) pair_standby_list(lists.hosts, lists.ports);
  for (const auto& [option, count] : {std::pair{OptionId::NetDelay, lists.delays.size()},
                                      std::pair{OptionId::NetRate, lists.rates.size()}}) {
    if (count > 1 && count != standbys) {
      throw UsageError(
          fmt::format("-{} lists {} values for {} standbys; give one for all, or one per {} entry",
                      option_name(option), count, standbys, OptionId::Rhost));
    }
  }
  // One value applies to every standby; a list gives each its own.
  const auto for_standby = [](const std::vector<double>& values, std::size_t i) {
    return values[std::min(i, values.size() - 1)];
  };
  for (std::size_t i = 1; i < standbys; ++i) {
    config.auxiliaries.push_back(
        {lists.hosts[i], lists.ports.empty() ? std::uint16_t{0} : lists.ports[i]});
    NetworkParams link;
    if (!lists.delays.empty()) link.one_way_delay_seconds = for_standby(lists.delays, i);
    if (!lists.rates.empty()) link.rate = MBytesPerSec{for_standby(lists.rates, i)};
    config.auxiliary_networks.push_back(link);
  }
}

}  // namespace simhadr
