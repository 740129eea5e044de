#pragma once
// How many CPUs this process may run on: its affinity mask's count (taskset,
// a container's cpuset), not the machine's.
namespace simhadr {

unsigned usable_cpus();

}  // namespace simhadr
