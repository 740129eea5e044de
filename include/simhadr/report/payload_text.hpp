#pragma once
// The report's `Payload:` line: what the pages carried, and what a
// compressing path would make of them.
#include <string>

#include "simhadr/payload.hpp"

namespace simhadr {

std::string payload_line(const PayloadSpec& payload);

}  // namespace simhadr
