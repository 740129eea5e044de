#include "simhadr/report/cpu_text.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "platform/thread_times.hpp"

namespace simhadr {

void write_cpu_usage(std::ostream& out, const CpuUsage& usage) {
  const Nanos used = usage.user + usage.system;
  fmt::print(out, "CPU: user {:.6f} seconds, system {:.6f} seconds ({:.1f}% of one CPU); ",
             to_seconds(usage.user), to_seconds(usage.system), 100 * share_of(used, usage.wall));
  if (!usage.waiting_for_cpu) {
    fmt::print(out, "time waiting for a CPU not known ({}).\n", run_delay_unknown_reason());
    return;
  }
  const double waited_share = 100 * share_of(*usage.waiting_for_cpu, usage.wall);
  fmt::print(out, "waited for a CPU {:.6f} seconds ({:.1f}% of the run).\n",
             to_seconds(*usage.waiting_for_cpu), waited_share);
  if (cpu_bound(usage)) {
    fmt::print(out,
               "Warning: this side waited for a CPU {:.1f}% of the run: the host was CPU-bound, "
               "so these figures understate what its network and disks can do.\n",
               waited_share);
  }
}

void write_tcp_cost(std::ostream& out, double seconds_per_gb, Role role) {
  fmt::print(out, "TCP: modelled, {:.6f} CPU seconds per GB of log {} on this side (-tcpCost).\n",
             seconds_per_gb, role == Role::Primary ? "sending" : "receiving");
}

}  // namespace simhadr
