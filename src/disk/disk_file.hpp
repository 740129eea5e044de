#pragma once
// A log file as Db2's logger uses it (platform/sync_file.hpp): synchronous
// writes, by default around the page cache. Every failure becomes a DiskError
// whose message names the file and what to do about it.
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>

#include "platform/sync_file.hpp"
#include "simhadr/measure/disk_io_result.hpp"

namespace simhadr {

class DiskError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class DiskFile {
 public:
  // cache = keep the page cache; writes stay synchronous either way.
  DiskFile(std::string path, DiskAccess access, bool cache);

  // One whole IO at offset; a read returns less at the end of the file, 0 past it.
  std::size_t write_at(std::span<const char> data, std::uint64_t offset);
  std::size_t read_at(std::span<char> into, std::uint64_t offset);

  const std::string& path() const { return path_; }

 private:
  std::string path_;
  SyncFile file_;
};

// Lays the file out before a test, as Db2 formats its log files: zeros written
// through the page cache, then flushed to disk.
void preallocate(const std::string& path, std::uint64_t bytes);

}  // namespace simhadr
