#include "windows_programs.hpp"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>

namespace simhadr::e2e {

std::string windows_program(const char* variable) {
  const char* path = std::getenv(variable);
  return path ? path : "";
}

// One script per program and test process, written whole before it is made runnable.
std::string under_wine(const std::string& exe) {
  const std::filesystem::path folder = SIMHADR_SCRATCH_DIR;
  std::filesystem::create_directories(folder);
  const auto script = folder / ("wine-" + std::to_string(std::hash<std::string>{}(exe)) + "-" +
                                std::to_string(::getpid()) + ".sh");
  if (std::filesystem::exists(script)) return script.string();
  const auto partial = script.string() + ".partial";
  {
    std::ofstream out(partial);
    out << "#!/bin/sh\nexec " << SIMHADR_SOURCE_DIR << "/tools/wine-run '" << exe << "' \"$@\"\n";
  }
  std::filesystem::permissions(partial, std::filesystem::perms::owner_all |
                                            std::filesystem::perms::group_read |
                                            std::filesystem::perms::group_exec);
  std::filesystem::rename(partial, script);
  return script.string();
}

}  // namespace simhadr::e2e
