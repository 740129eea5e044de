#include "cli/input_file.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "cli/usage_error.hpp"
#include "simhadr/shown.hpp"

namespace simhadr {

std::ifstream open_input_file(std::string_view option, const std::string& path) {
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored)) {
    throw UsageError(fmt::format("-{} {} is a directory; give a file", option, shown(path)));
  }
  std::ifstream in(path);
  if (!in) {
    throw UsageError(
        fmt::format("-{} {}: cannot read it: {}", option, shown(path), std::strerror(errno)));
  }
  return in;
}

}  // namespace simhadr
