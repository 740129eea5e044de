#pragma once
// What the -diagnose end-to-end tests share: their inputs, a run of -diagnose
// on them, and the report's lines.
#include <string>
#include <string_view>
#include <vector>

#include "child_process.hpp"
#include "pair_run.hpp"

namespace simhadr::e2e {

// A file of tests/diagnose.
inline std::string input(const std::string& name) {
  return std::string(SIMHADR_SOURCE_DIR) + "/tests/diagnose/" + name;
}

// The text after "Diagnosis: " up to the verdict's colon.
inline std::string verdict_line(const std::string& report) {
  const std::size_t at = report.find("\nDiagnosis: ");
  if (at == std::string::npos) return "";
  const std::size_t start = at + 12;
  return report.substr(start, report.find(':', start) - start);
}

// The rest of the line that starts with `lead`.
inline std::string line_after(const std::string& report, std::string_view lead) {
  const std::size_t at = report.find(std::string("\n") + std::string(lead));
  if (at == std::string::npos) return "";
  const std::size_t start = at + 1 + lead.size();
  return report.substr(start, report.find('\n', start) - start);
}

// simhadr -diagnose on files of tests/diagnose, with `extra` options.
inline ChildProcess diagnose(const std::vector<std::string>& files,
                             std::vector<std::string> extra = {}) {
  std::vector<std::string> args{"-diagnose"};
  for (const std::string& file : files) args.push_back(input(file));
  return ChildProcess(concat(args, extra));
}

}  // namespace simhadr::e2e
