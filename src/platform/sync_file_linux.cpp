#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "platform/sync_file.hpp"

namespace simhadr {

namespace {

OsError os_error(int error) {
  if (error == EFBIG) return OsError(std::strerror(error), OsFailure::FileTooLarge);
  return OsError(std::strerror(error));
}

}  // namespace

SyncFile::SyncFile(const std::string& path, SyncFileAccess access, bool cache) {
  int flags = O_RDONLY;
  if (access == SyncFileAccess::Create) flags = O_WRONLY | O_CREAT | O_TRUNC | O_DSYNC;
  if (access == SyncFileAccess::Overwrite) flags = O_WRONLY | O_DSYNC;
  if (!cache) flags |= O_DIRECT;
  handle_ = ::open(path.c_str(), flags | O_CLOEXEC, 0644);
  if (handle_ >= 0) return;
  const int error = errno;
  if (error == EINVAL && !cache) throw OsError(std::strerror(error), OsFailure::NoDirectIo);
  throw os_error(error);
}

SyncFile::~SyncFile() {
  if (handle_ >= 0) ::close(static_cast<int>(handle_));
}

SyncFile::SyncFile(SyncFile&& other) noexcept : handle_(std::exchange(other.handle_, -1)) {}

void SyncFile::write_at(std::span<const char> data, std::uint64_t offset) {
  const int fd = static_cast<int>(handle_);
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n =
        ::pwrite(fd, data.data() + done, data.size() - done, static_cast<off_t>(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw os_error(n < 0 ? errno : ENOSPC);
    done += static_cast<std::size_t>(n);
  }
}

std::size_t SyncFile::read_at(std::span<char> into, std::uint64_t offset) {
  for (;;) {
    const ssize_t n =
        ::pread(static_cast<int>(handle_), into.data(), into.size(), static_cast<off_t>(offset));
    if (n >= 0) return static_cast<std::size_t>(n);
    if (errno != EINTR) throw os_error(errno);
  }
}

}  // namespace simhadr
