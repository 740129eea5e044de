#pragma once
// A report file (-json, -csv): replaced, or appended to in one write so that
// the lines of several processes appending to the same file do not interleave.
// Failures throw OsError with the system's reason.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "platform/os_error.hpp"

namespace simhadr {

enum class OutputMode { Replace, Append };

class OutputFile {
 public:
  OutputFile(const std::string& path, OutputMode mode);
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  // Nothing in the file yet (an append then starts with the header).
  bool empty() const;
  void write_all(std::string_view text);
  // Closes it, throwing what the system reports: some file systems say only then.
  void close();

 private:
  std::intptr_t handle_;
};

// Whether this process may create files in `directory`; the system's reason when not.
std::optional<std::string> cannot_write_in(const std::string& directory);

}  // namespace simhadr
