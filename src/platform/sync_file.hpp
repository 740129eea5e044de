#pragma once
// A file written as a database logger writes its log: every write reaches the
// disk before it returns (Linux: O_DSYNC; Windows: FILE_FLAG_WRITE_THROUGH),
// and by default around the page cache (O_DIRECT; FILE_FLAG_NO_BUFFERING),
// which wants buffers, offsets and sizes aligned to the disk's sectors.
// Failures throw OsError with the system's reason.
#include <cstdint>
#include <span>
#include <string>

#include "platform/os_error.hpp"

namespace simhadr {

enum class SyncFileAccess {
  Read,
  Create,     // a new, empty file (an existing one is truncated)
  Overwrite,  // an existing file, written in place
};

class SyncFile {
 public:
  // cache = through the page cache; writes stay synchronous either way.
  SyncFile(const std::string& path, SyncFileAccess access, bool cache);
  ~SyncFile();
  SyncFile(SyncFile&& other) noexcept;
  SyncFile(const SyncFile&) = delete;
  SyncFile& operator=(const SyncFile&) = delete;
  SyncFile& operator=(SyncFile&&) = delete;

  // Writes all of `data` at offset.
  void write_at(std::span<const char> data, std::uint64_t offset);
  // One read at offset; less at the end of the file, 0 past it.
  std::size_t read_at(std::span<char> into, std::uint64_t offset);

 private:
  std::intptr_t handle_;
};

}  // namespace simhadr
