#pragma once
// The CPUs this process may use, and a lower priority for helper threads.

namespace simhadr {

// The CPUs the process may run on (its affinity), at least 1.
unsigned usable_cpus();

// Lowers the calling thread's priority (nice +10 on Linux, below normal on
// Windows); a failure changes nothing else.
void lower_this_thread_priority();

}  // namespace simhadr
