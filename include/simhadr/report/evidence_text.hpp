#pragma once
// The sentence that shows a verdict, written from the advisor's figures: the
// text after "Bottleneck: RESOURCE: " in the report, and -json's "evidence".
#include <string>

#include "simhadr/advice/evidence.hpp"

namespace simhadr {

std::string evidence_text(const Evidence& evidence);

}  // namespace simhadr
