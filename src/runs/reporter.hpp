#pragma once
// Every output of a run is a Reporter: the text report, printed as the run
// goes, and the -json and -csv files, written from the run's record when it
// ends. A run tells its reporters what happens, once each and in order: it
// started, an -interval passed, a side finished (its verdict already worked
// out, verdict.hpp), the run finished. Each reporter takes what it shows.
#include "roles/role_outcome.hpp"
#include "runs/run_record.hpp"
#include "simhadr/config.hpp"
#include "simhadr/measure/interval.hpp"
#include "simhadr/measure/interval_reporter.hpp"

namespace simhadr {

class Reporter {
 public:
  virtual ~Reporter() = default;
  virtual void started(const RunConfig& /*config*/) {}
  virtual void interval(const IntervalSample& /*sample*/) {}
  virtual void side_finished(const RoleOutcome& /*side*/) {}
  virtual void finished(const RunRecord& /*record*/) {}
};

// What a role calls with each -interval sample: the reporter's interval().
IntervalSink intervals_to(Reporter& reporter);

}  // namespace simhadr
