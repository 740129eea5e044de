#pragma once
// The line after the CPU line that says what the kernel's TCP saw of the
// connection: the evidence the advisor weighs. A line of our own.
#include <ostream>

#include "simhadr/measure/tcp_stats.hpp"
#include "simhadr/units.hpp"

namespace simhadr {

// emulated_link: -demo with -netDelay/-netRate, which TCP does not see.
void write_tcp_stats(std::ostream& out, const TcpStats& tcp, bool emulated_link);

}  // namespace simhadr
