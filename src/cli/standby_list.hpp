#pragma once
// The primary's -rhost and -rport as comma lists: the principal standby
// first, then up to two auxiliaries, as HADR_TARGET_LIST names them.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/option_id.hpp"
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

// The lists as the command line gave them: -rhost, -rport, -netDelay, -netRate.
struct StandbyLists {
  std::vector<std::string> hosts;
  std::vector<std::uint16_t> ports;
  std::vector<double> delays;
  std::vector<double> rates;
};

using GivenOption = std::function<bool(OptionId)>;

// Outside -model the links are real: refuses -uplinkRate and -netDelay/-netRate lists.
void refuse_modelled_topology(const RunConfig& config, const StandbyLists& lists);

// A real primary's standbys: fills config.auxiliaries from the lists, and
// refuses what a primary with several standbys cannot apply (the standby's
// own options, standby* requests, -anyHost, a shaped connection). A standby
// takes one address.
void settle_real_standbys(RunConfig& config, const StandbyLists& lists, const GivenOption& given);

// -model's standbys: -rhost names them (ports optional), and -netDelay and
// -netRate give one value for all or one per standby, in -rhost order.
void settle_modelled_standbys(RunConfig& config, const StandbyLists& lists);

}  // namespace simhadr
