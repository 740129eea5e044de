// Any text given to -diagnose as a file of monitor samples: it is refused
// with a MonitorInputError naming its line, or read, diagnosed and printed.
// Nothing else: no crash, no other exception, a channel or a log series (a
// file of log counters alone has no channel), a row per sample of each
// channel's lead side, and a verdict slot for each channel and log series.
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "simhadr/monitor/monitor_input.hpp"
#include "simhadr/report/diagnosis_report.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace simhadr;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::vector<MonitorFile> files;
  try {
    files.push_back(read_monitor_file(in, "fuzz.txt"));
  } catch (const MonitorInputError& error) {
    if (std::string(error.what()).rfind("fuzz.txt:", 0) != 0) std::abort();
    return 0;
  }
  const PairDiagnosis pair = diagnose_pair(std::move(files));
  if (pair.channels.empty() && pair.logs.empty()) std::abort();
  if (pair.diagnoses.size() != pair.channels.size()) std::abort();
  if (pair.log_diagnoses.size() != pair.logs.size()) std::abort();
  for (const Channel& channel : pair.channels) {
    if (channel.rows.size() != channel.lead().size()) std::abort();
  }
  std::ostringstream report;
  print_diagnosis(report, pair);
  if (report.str().find("\nDiagnosis: ") == std::string::npos) std::abort();
  return 0;
}
