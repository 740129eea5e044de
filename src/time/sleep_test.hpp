#pragma once
// -testSleep F: how close a simulated F-second IO comes to F on this host.
// With -disk, also the lengths that model asks a run for: a flush of one page,
// of -flushSize pages and the standby's largest write (four flushes), each
// often enough for the spin to settle as it does in a run.
#include <cstdint>
#include <optional>

#include "log/run_log.hpp"
#include "simhadr/config.hpp"
#include "time/spin_clock.hpp"

namespace simhadr {

void run_sleep_test(double seconds, SpinClock& clock, RunLog& log);

void run_disk_sleep_test(const DiskParams& disk, std::uint32_t flush_pages, SpinClock& clock,
                         const StopSource& stop, RunLog& log);

}  // namespace simhadr
