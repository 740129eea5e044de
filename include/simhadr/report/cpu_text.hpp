#pragma once
// The line after the Bottleneck paragraph that says what the run cost this
// side's CPU and how long it waited for one, and a warning when the host was
// CPU-bound. Lines of our own: the original printed nothing like them.
#include <ostream>

#include "simhadr/config.hpp"
#include "simhadr/measure/cpu_usage.hpp"

namespace simhadr {

void write_cpu_usage(std::ostream& out, const CpuUsage& usage);
// -model -tcpCost: "TCP: modelled, 0.410000 CPU seconds per GB of log sending on this side (...)."
void write_tcp_cost(std::ostream& out, double seconds_per_gb, Role role);

}  // namespace simhadr
