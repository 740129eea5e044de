#pragma once
// The text report, the output every run has: the lines that say which
// defaults a run took, each -interval line as it comes, and each side's
// closing paragraph as it ends (its report, the advisor's verdict, the CPU
// and TCP lines), so a -loop standby's report never waits for the next run.
#include <cstdint>
#include <ostream>
#include <sstream>

#include "log/run_log.hpp"
#include "runs/reporter.hpp"

namespace simhadr {

class TextReporter final : public Reporter {
 public:
  explicit TextReporter(RunLog& log) : log_(log) {}
  // The defaults the run took; none for a standby, which takes its primary's.
  void started(const RunConfig& config) override;
  void interval(const IntervalSample& sample) override;
  // A real side's closing paragraph, with the verdict the run worked out for it.
  void side_finished(const RoleOutcome& side) override;

 private:
  RunLog& log_;
  std::uint64_t payload_file_bytes_ = 0;  // -payload FILE...'s, on a primary
};

// One side's text in a run that has both (-demo, -model): printed into a
// buffer of its own as the side goes, laid out once both have ended.
struct SideText {
  explicit SideText(bool verbose) : log(text, verbose), report(log) {}
  std::ostringstream text;
  RunLog log;
  TextReporter report;
};

// The primary's section, then the standby's.
void write_pair(std::ostream& out, const SideText& primary, const SideText& standby);

}  // namespace simhadr
