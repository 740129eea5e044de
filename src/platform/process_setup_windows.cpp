#include "platform/process_setup.hpp"

namespace simhadr {

// Windows raises no signal for a closed peer or a file's size limit, and its
// high-resolution timers need no setting.
void prepare_process() {}

// Windows resolves names through its own services, whatever built the binary.
void confine_name_services() {}

std::string_view unresolved_name_hint() {
  return "";
}

}  // namespace simhadr
