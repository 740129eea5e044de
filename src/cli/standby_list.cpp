#include "cli/standby_list.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>

#include "cli/number_parsing.hpp"

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
      throw UsageError(fmt::format("-{} '{}' has an empty entry", option, text));
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
        "-rhost and -rport list {} standbys; HADR takes at most {} (a principal and two "
        "auxiliaries)",
        std::max(hosts.size(), ports.size()), kMaxStandbys));
  }
  if (hosts.size() != ports.size()) {
    throw UsageError(fmt::format(
        "-rhost lists {} standbys but -rport {}; give one port per host, in the same order",
        hosts.size(), ports.size()));
  }
  std::vector<Endpoint> standbys;
  for (std::size_t i = 0; i < hosts.size(); ++i) standbys.push_back({hosts[i], ports[i]});
  for (std::size_t i = 0; i < standbys.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (standbys[i].host == standbys[j].host && standbys[i].port == standbys[j].port) {
        throw UsageError(fmt::format(
            "-rhost/-rport name {}:{} twice; standbys on one host differ by port (their -bind "
            "-lport)",
            standbys[i].host, standbys[i].port));
      }
    }
  }
  return standbys;
}

std::uint64_t parse_spool_limit(const std::string& text) {
  if (text == "-1" || text == "unlimited") return kUnlimitedSpool;
  const auto pages = parse_number<std::int64_t>("spoolLimit", text, -1, kMaxSpoolPages);
  return static_cast<std::uint64_t>(pages);
}

}  // namespace simhadr
