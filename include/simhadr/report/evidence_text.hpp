#pragma once
// The sentence that shows a verdict, written from the advisor's figures: the
// text after "Bottleneck: RESOURCE: " in the report, and -json's "evidence".
#include <string>

#include "simhadr/advice/evidence.hpp"

namespace simhadr {

std::string evidence_text(const Evidence& evidence);

// Its two parts: the verdict's own sentence, and what is said beside it
// (stalls, retransmissions), each aside led by "; ".
std::string evidence_sentence(const Evidence& evidence);
std::string evidence_asides(const Evidence& evidence);

}  // namespace simhadr
