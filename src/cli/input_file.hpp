#pragma once
// A file an option reads (-calculate, -workload, -flushSizes), opened when the
// command line is read, so a wrong name is a usage error that says what is
// wrong with it (a directory, missing, unreadable) before anything runs.
#include <fstream>
#include <string>
#include <string_view>

namespace simhadr {

std::ifstream open_input_file(std::string_view option, const std::string& path);

}  // namespace simhadr
