#include "simhadr/report/payload_text.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "simhadr/shown.hpp"

namespace simhadr {

namespace {

// The first few names; a long list ends in how many more there were.
constexpr std::size_t kNamesShown = 3;

std::string file_names(const PayloadSpec& payload) {
  std::string names;
  const std::size_t shown_count = std::min(payload.files.size(), kNamesShown);
  for (std::size_t i = 0; i < shown_count; ++i) {
    if (i > 0) names += ", ";
    names += shown(payload.files[i].path);
  }
  if (payload.files.size() > shown_count) {
    names += fmt::format(" and {} more", payload.files.size() - shown_count);
  }
  return names;
}

}  // namespace

std::string payload_line(const PayloadSpec& payload) {
  switch (payload.kind) {
    case PayloadKind::Dots:
      return "Payload: dots, every byte '.' as the original ships them; a compressing path (ssh "
             "-C, "
             "a WAN optimiser, compressing storage) shrinks these pages hundreds of times, so its "
             "figures are not the log's";
    case PayloadKind::Files:
      return fmt::format("Payload: {} file{}, {} bytes, in order and cycled: {}",
                         payload.files.size(), payload.files.size() == 1 ? "" : "s",
                         payload.file_bytes(), file_names(payload));
    case PayloadKind::Incompressible:
      break;
  }
  return "Payload: incompressible, random bytes new in every page of the run: no compressing or "
         "deduplicating path shrinks them";
}

}  // namespace simhadr
