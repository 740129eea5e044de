#pragma once
// The primary's -rhost and -rport as comma lists: the principal standby
// first, then up to two auxiliaries, as HADR_TARGET_LIST names them.
#include <string>
#include <vector>

#include "simhadr/config.hpp"

namespace simhadr {

// The comma-separated entries of a list option, blanks removed; an empty
// entry is refused, naming the option.
std::vector<std::string> split_list(std::string_view option, const std::string& text);

// Pairs the hosts with the ports: refuses more than kMaxStandbys entries and
// lists whose lengths differ. The first pair is the principal.
std::vector<Endpoint> pair_standby_list(const std::vector<std::string>& hosts,
                                        const std::vector<std::uint16_t>& ports);

// -spoolLimit PAGES: 0, a page count, or -1 / "unlimited" (kUnlimitedSpool).
std::uint64_t parse_spool_limit(const std::string& text);

}  // namespace simhadr
