#pragma once
// What -h and -version print.
#include <string>
#include <string_view>

namespace simhadr {

std::string_view help_text();
std::string version_text();

}  // namespace simhadr
