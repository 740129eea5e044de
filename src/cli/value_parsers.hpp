#pragma once
// The values that are more than a number in a range: each refusal names the
// option and what it takes.
#include <cstdint>
#include <string>
#include <vector>

#include "cli/option_values.hpp"
#include "simhadr/config.hpp"

namespace simhadr {

// primary, standby, P or S, any case.
Role parse_role(const OptionInput& input);

// A TCP port; `least` is 0 where the kernel may choose.
std::uint16_t parse_port(const OptionInput& input, const std::string& text, std::uint16_t least);

// One mode, or (for -calculate) a comma list of distinct ones.
std::vector<SyncMode> parse_sync_modes(const OptionInput& input);

// 1.2 or 1.3 (TLSv1.3 and TLS1.3 too, as SSL_VERSIONS writes them).
TlsVersion parse_tls_version(const OptionInput& input);

// A file a run's results go to, checked now, not after an hour-long run
// whose results would then be lost; "-" is stdout where `stdout_allowed`.
std::string parse_output_path(const OptionInput& input, bool stdout_allowed);

}  // namespace simhadr
