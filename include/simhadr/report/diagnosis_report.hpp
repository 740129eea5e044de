#pragma once
// -diagnose's report: a table per channel, then the verdict, findings, the
// runs that confirm it and what to change (text); the same as the
// "diagnosis" object of the JSON document.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <optional>
#include <string>

#include <ostream>

#include "simhadr/advice/diagnosis.hpp"

namespace simhadr {

// A figure in its column, or "-" where the samples cannot give it.
template <typename Number>
std::string figure_cell(const std::optional<Number>& value, double scale, int decimals) {
  if (!value) return "-";
  return fmt::format("{:.{}f}", static_cast<double>(*value) * scale, decimals);
}

void print_diagnosis(std::ostream& out, const PairDiagnosis& pair);
// One database's log and commit counters (report/log_series_text.cpp).
void print_log_series(std::ostream& out, const LogSeries& log);
nlohmann::json log_series_json(const LogSeries& log);

nlohmann::json diagnosis_json(const PairDiagnosis& pair);

}  // namespace simhadr
