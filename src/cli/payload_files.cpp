#include "cli/payload_files.hpp"

#include <fmt/format.h>

#include <filesystem>

#include "cli/input_file.hpp"
#include "cli/option_id.hpp"
#include "cli/option_table.hpp"
#include "cli/usage_error.hpp"
#include "simhadr/shown.hpp"

namespace simhadr {

PayloadSpec parse_payload(std::span<const std::string> values) {
  PayloadSpec payload;
  if (values.size() == 1) {
    for (const PayloadKind kind : {PayloadKind::Incompressible, PayloadKind::Dots}) {
      if (values.front() == payload_kind_name(kind)) {
        payload.kind = kind;
        return payload;
      }
    }
  }
  const std::string_view option = option_name(OptionId::Payload);
  payload.kind = PayloadKind::Files;
  for (const std::string& path : values) {
    std::error_code error;
    // Read round and round: a pipe or a device could not be read from its start again (and
    // opening a pipe with no writer would wait for one).
    if (std::filesystem::exists(path, error) && !std::filesystem::is_directory(path, error) &&
        !std::filesystem::is_regular_file(path, error)) {
      throw UsageError(fmt::format("-{} {} is not a regular file; give files that hold log", option,
                                   shown(path)));
    }
    open_input_file(option, path);
    const std::uintmax_t bytes = std::filesystem::file_size(path, error);
    if (error) {
      throw UsageError(
          fmt::format("-{} {}: cannot tell its size: {}", option, shown(path), error.message()));
    }
    if (bytes == 0) {
      throw UsageError(
          fmt::format("-{} {} is empty; give files that hold log", option, shown(path)));
    }
    payload.files.push_back({path, bytes});
  }
  return payload;
}

}  // namespace simhadr
