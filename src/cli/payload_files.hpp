#pragma once
// -payload's values: a kind (dots, incompressible), or the DBA's files, each
// checked when the command line is read (a directory, a missing, unreadable or
// empty file is a usage error naming it), so a run never starts without its bytes.
#include <span>
#include <string>

#include "simhadr/payload.hpp"

namespace simhadr {

PayloadSpec parse_payload(std::span<const std::string> values);

}  // namespace simhadr
