#pragma once
// -calculate -model: what the simulated pair gave for one interval and mode,
// next to the calculator's closed form, and why it gave less where it did.
#include <cstdint>

#include "simhadr/advice/bottleneck.hpp"
#include "simhadr/config.hpp"
#include "simhadr/models/flush_size.hpp"
#include "simhadr/models/hadr_calculator.hpp"

namespace simhadr {

// The pair the intervals are played through: the calculator's link and disk,
// the TCP window and the log buffer, and the standby's replay (-replay), its
// receive buffer and spool, which hold the primary back once full.
struct PairSettings {
  CalculatorLink link;
  std::uint64_t window_bytes = kAutotunedWindowBytes;
  std::uint32_t log_buffer_pages = kDefaultLogBufferPages;
  std::optional<DiskParams> replay;
  std::uint64_t spool_limit_pages = 0;
  std::optional<std::uint32_t> standby_buffer_pages;
};

// Why the pair moves less than the closed form says.
enum class Shortfall : std::uint8_t {
  None,       // within 3% of the closed form, or above it
  Window,     // the TCP window over the round trip
  LogBuffer,  // LOGBUFSZ caps a flush below what the open transactions allow
  Other,      // another resource: `resource` names it
};

struct SimulatedMode {
  Impact impact = Impact::None;
  FlushGroup expected;
  FlushGroup min;
  FlushGroup max;
  CommitWait commit;  // the workload at the interval's rate
  Shortfall shortfall = Shortfall::None;
  Resource resource = Resource::Unknown;  // what limited the pair (Shortfall::Other)
  MiBPerSec window_limit;                 // what the window lets through
  std::uint64_t window_needed_bytes = 0;  // the socket buffers that give the closed form's rate
  double flush_cap_pages = 0;             // the largest flush: open transactions' log, LOGBUFSZ
  // The LOGBUFSZ that gives the closed form's flush; with Shortfall::Window, a
  // second cause the window's socket buffers alone leave (0: none).
  std::uint64_t log_buffer_needed_pages = 0;
};

// Below this share of the closed form's rate (or of the workload's, where the
// closed form says the mode keeps up), the pair says why.
inline constexpr double kShortfallShare = 0.97;

}  // namespace simhadr
