#pragma once
// The report users' scripts grep, line for line as the original prints it.
#include <ostream>
#include <string_view>

#include "simhadr/measure/histogram.hpp"
#include "simhadr/measure/run_result.hpp"

namespace simhadr {

// Summary block, then every non-empty distribution.
void write_text_report(std::ostream& out, const RunResult& result);

// "Distribution of <title> (unit is <unit>):" and its rows.
void write_distribution(std::ostream& out, std::string_view title, std::string_view unit,
                        const Pow2Histogram& histogram);

}  // namespace simhadr
