#pragma once
// Windows only: what the system says of an error code, and UTF-8 paths as
// the wide strings its file calls take.
#include <string>

namespace simhadr {

// FormatMessage's text for a GetLastError() or WSAGetLastError() code, without its line end.
std::string windows_error_text(unsigned long code);

std::wstring wide_path(const std::string& utf8);

}  // namespace simhadr
