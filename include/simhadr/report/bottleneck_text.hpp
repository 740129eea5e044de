#pragma once
// The advisor's paragraph at the end of a report. Its first line starts with
// "Bottleneck: " and names the resource, so scripts can grep it.
#include <ostream>
#include <string>

#include "simhadr/advice/bottleneck.hpp"

namespace simhadr {

void write_bottleneck(std::ostream& out, const Bottleneck& bottleneck);

// The verdict's sentence: its evidence, the nearest limit of a run that carried
// its load, then what is said beside them. -json's "evidence" is the same text.
std::string verdict_text(const Bottleneck& bottleneck);

}  // namespace simhadr
