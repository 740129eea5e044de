#include "disk/log_file_disk.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>

#include <fmt/format.h>

#include <random>

namespace simhadr {

LogFileDisk::LogFileDisk(const std::string& dir, Role role)
    : path_(fmt::format("{}/simhadr-log.{}.{:08x}.tmp", dir, role_name(role),
                        std::random_device{}())) {
  try {
    preallocate(path_, kLogFileBytes);
    file_.emplace(path_, DiskAccess::Overwrite, false);
  } catch (const DiskError& error) {
    std::remove(path_.c_str());
    // Db2 writes its log around the page cache, and so does -logDir: -cache is the disk tests'.
    throw DiskError(fmt::format("-logDir {}: {}", dir, error.what()));
  }
}

LogFileDisk::~LogFileDisk() {
  file_.reset();
  std::remove(path_.c_str());
}

Nanos LogFileDisk::io_time(Nanos, std::uint64_t bytes) {
  const auto pages = static_cast<std::uint32_t>(bytes / kPageBytes);
  if (pages > source_pages_) {
    source_pages_ = std::max(pages, source_pages_ * 2);
    pages_ = make_page_source(PayloadSpec{}, source_pages_, Lookback::Blocks);
  }
  const std::span<const char> data = pages_->next_pages(pages);
  if (offset_ + data.size() > kLogFileBytes) offset_ = 0;
  const auto before = std::chrono::steady_clock::now();
  file_->write_at(data, offset_);
  const Nanos took = std::chrono::steady_clock::now() - before;
  offset_ += data.size();
  return took;
}

}  // namespace simhadr
