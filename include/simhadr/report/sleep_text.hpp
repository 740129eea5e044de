#pragma once
// One line on how closely a real run's simulated IOs kept to their model,
// when any woke late: how many, by how much, and what the lateness can have
// cost the run's MBytes/sec. Above a share that matters it is the original's
// warning, with the figures beside it.
#include <ostream>

#include "simhadr/measure/sleep_accuracy.hpp"

namespace simhadr {

// Lateness from this share of the run can lower its figures by as much: from
// here the line is a warning.
inline constexpr double kSleepCostWarnShare = 0.01;

void write_sleep_accuracy(std::ostream& out, const SleepAccuracy& sleeps, Nanos elapsed);

}  // namespace simhadr
