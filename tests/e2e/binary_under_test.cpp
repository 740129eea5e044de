#include "binary_under_test.hpp"

#include <cstdlib>
#include <string_view>

namespace simhadr::e2e {

const std::string& binary_under_test() {
  static const std::string binary = [] {
    const char* named = std::getenv("SIMHADR_E2E_BINARY");
    return std::string(named && *named ? named : SIMHADR_BINARY);
  }();
  return binary;
}

bool binary_sanitized() {
  static const bool sanitized = [] {
    if (const char* named = std::getenv("SIMHADR_E2E_BINARY"); named && *named) {
      const char* flag = std::getenv("SIMHADR_E2E_SANITIZED");
      return flag != nullptr && std::string_view(flag) == "1";
    }
    return SIMHADR_BINARY_SANITIZED != 0;
  }();
  return sanitized;
}

}  // namespace simhadr::e2e
