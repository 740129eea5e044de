#pragma once
// -logDir: a side's log written for real, in place of -disk's sleep. Each
// flush is one synchronous write around the page cache, as Db2's logger
// writes, into a file laid out beforehand and written round, as Db2 reuses
// its log files. The pages are the default payload's, each stamped with its
// position, so no compressing or deduplicating store shrinks them. The file
// goes away with the object.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "disk/disk_file.hpp"
#include "payload/page_source.hpp"
#include "simhadr/config.hpp"
#include "simhadr/models/disk_model.hpp"

namespace simhadr {

class LogFileDisk final : public DiskModel {
 public:
  // Lays out DIR/simhadr-log.ROLE.RANDOM.tmp (two runs may share DIR); throws
  // DiskError naming it, and leaves nothing behind then.
  LogFileDisk(const std::string& dir, Role role);
  ~LogFileDisk() override;
  LogFileDisk(const LogFileDisk&) = delete;
  LogFileDisk& operator=(const LogFileDisk&) = delete;

  // Writes `bytes` and returns how long the write took; `start` is not needed.
  Nanos io_time(Nanos start, std::uint64_t bytes) override;
  bool sleeps() const override { return false; }

  const std::string& path() const { return path_; }

 private:
  std::string path_;
  std::optional<DiskFile> file_;
  std::unique_ptr<PageSource> pages_;
  std::uint32_t source_pages_ = 0;
  std::uint64_t offset_ = 0;
};

// The log file's size: writes go round inside it.
inline constexpr std::uint64_t kLogFileBytes = std::uint64_t{64} << 20;

}  // namespace simhadr
