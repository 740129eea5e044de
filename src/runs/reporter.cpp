#include "runs/reporter.hpp"

namespace simhadr {

IntervalSink intervals_to(Reporter& reporter) {
  return [&reporter](const IntervalSample& sample) { reporter.interval(sample); };
}

}  // namespace simhadr
