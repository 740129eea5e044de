#pragma once
// -diagnose's report: a table per channel, then the verdict, findings, the
// runs that confirm it and what to change (text); the same as the
// "diagnosis" object of the JSON document.
#include <nlohmann/json.hpp>

#include <ostream>

#include "simhadr/advice/diagnosis.hpp"

namespace simhadr {

void print_diagnosis(std::ostream& out, const PairDiagnosis& pair);

nlohmann::json diagnosis_json(const PairDiagnosis& pair);

}  // namespace simhadr
