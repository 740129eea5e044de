#pragma once
// The command line's checks of -tls and its options, once the kind of run is
// known: what is refused (a key without its certificate, a host check without
// a CA, TLS in a build without OpenSSL) and what is ignored with a warning.
#include <functional>
#include <string>
#include <vector>

#include "cli/option_id.hpp"
#include "simhadr/action.hpp"
#include "simhadr/config.hpp"

namespace simhadr {

void check_tls(RunConfig& config, Action action, const std::function<bool(OptionId)>& given,
               std::vector<std::string>& warnings);

}  // namespace simhadr
