#include "disk/disk_file.hpp"

#include <fmt/format.h>

#include <utility>

#include "simhadr/page_aligned_buffer.hpp"
#include "simhadr/units.hpp"

namespace simhadr {

namespace {

std::string reason(const OsError& error) {
  if (error.failure() == OsFailure::FileTooLarge) {
    return fmt::format("{} (the file-size limit, ulimit -f, was reached)", error.what());
  }
  return error.what();
}

SyncFileAccess sync_access(DiskAccess access) {
  switch (access) {
    case DiskAccess::Append:
      return SyncFileAccess::Create;
    case DiskAccess::Overwrite:
      return SyncFileAccess::Overwrite;
    case DiskAccess::Read:
      break;
  }
  return SyncFileAccess::Read;
}

SyncFile opened(const std::string& path, DiskAccess access, bool cache) {
  try {
    return SyncFile(path, sync_access(access), cache);
  } catch (const OsError& error) {
    if (error.failure() == OsFailure::NoDirectIo) {
      throw DiskError(fmt::format(
          "{}: this file system does not support direct IO (tmpfs before Linux 6.6 and some "
          "overlay file systems do not); add -cache to test through the page cache",
          path));
    }
    throw DiskError(fmt::format("cannot open {} for {}: {}", path,
                                access == DiskAccess::Read ? "reading" : "writing", reason(error)));
  }
}

}  // namespace

DiskFile::DiskFile(std::string path, DiskAccess access, bool cache)
    : path_(std::move(path)), file_(opened(path_, access, cache)) {}

std::size_t DiskFile::write_at(std::span<const char> data, std::uint64_t offset) {
  try {
    file_.write_at(data, offset);
    return data.size();
  } catch (const OsError& error) {
    throw DiskError(fmt::format("writing {} failed: {}", path_, reason(error)));
  }
}

std::size_t DiskFile::read_at(std::span<char> into, std::uint64_t offset) {
  try {
    return file_.read_at(into, offset);
  } catch (const OsError& error) {
    throw DiskError(fmt::format("reading {} failed: {}", path_, reason(error)));
  }
}

void preallocate(const std::string& path, std::uint64_t bytes) {
  DiskFile file(path, DiskAccess::Append, true);
  const PageAlignedBuffer zeros(1 << 20, '\0');
  for (std::uint64_t offset = 0; offset < bytes; offset += zeros.bytes().size()) {
    const std::uint64_t length = std::min<std::uint64_t>(zeros.bytes().size(), bytes - offset);
    file.write_at(zeros.bytes().first(length), offset);
  }
}

}  // namespace simhadr
