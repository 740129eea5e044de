#pragma once
// The text report, the output every run has: the lines that say which
// defaults a run took, each -interval line as it comes, and each side's
// closing paragraph as it ends (its report, the advisor's verdict, the CPU
// and TCP lines), so a -loop standby's report never waits for the next run.
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
};

}  // namespace simhadr
