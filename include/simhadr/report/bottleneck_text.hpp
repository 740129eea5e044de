#pragma once
// The advisor's paragraph at the end of a report. Its first line starts with
// "Bottleneck: " and names the resource, so scripts can grep it.
#include <ostream>

#include "simhadr/advice/bottleneck.hpp"

namespace simhadr {

void write_bottleneck(std::ostream& out, const Bottleneck& bottleneck);

}  // namespace simhadr
