#pragma once
// How long a wait may last before it looks at a stop request again, and how
// long a stop may take to finish the flush under way. Every wait that blocks
// in the kernel (a connect, an accept, a receive, an idle auxiliary) is cut
// into slices of kStopCheckSlice, so Ctrl-C ends a run within one slice.
#include <chrono>

#include "simhadr/units.hpp"

namespace simhadr {

inline constexpr Nanos kStopCheckSlice = std::chrono::milliseconds(100);
// A stopped run still finishes the flush in flight and its ack, for this long at most.
inline constexpr Nanos kStopGrace = std::chrono::seconds(2);

}  // namespace simhadr
