#pragma once
// Windows programs run here under Wine: our Windows build (SIMHADR_WINDOWS, the
// .exe of a windows-x86_64 build) and the original's simhadr_win64.exe
// (SIMHADR_REF_WIN). Each is run through tools/wine-run by a small script, so
// a test starts it as it starts any other program.
#include <string>

namespace simhadr::e2e {

// The .exe a variable names, or empty when it is not set.
std::string windows_program(const char* variable);

// A script that runs `exe` under Wine with the arguments it is given.
std::string under_wine(const std::string& exe);

}  // namespace simhadr::e2e
