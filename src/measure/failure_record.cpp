#include "simhadr/measure/failure_record.hpp"

#include <array>
#include <cstddef>

namespace simhadr {

std::string_view db2_name(HadrState state) {
  static constexpr std::array<std::string_view, 4> kNames{
      "PEER", "DISCONNECTED_PEER", "REMOTE_CATCHUP_PENDING", "REMOTE_CATCHUP"};
  return kNames[static_cast<std::size_t>(state)];
}

std::string_view describe(StateCause cause) {
  static constexpr std::array<std::string_view, 7> kWords{
      "shipped",      "peer wait limit", "HADR timeout", "peer window ended",
      "standby back", "caught up",       "run ended"};
  return kWords[static_cast<std::size_t>(cause)];
}

}  // namespace simhadr
