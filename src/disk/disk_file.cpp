#include "disk/disk_file.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "simhadr/page_aligned_buffer.hpp"
#include "simhadr/units.hpp"

namespace simhadr {

namespace {

std::string reason(int error) {
  if (error == EFBIG) return "File too large (the file-size limit, ulimit -f, was reached)";
  return std::strerror(error);
}

}  // namespace

DiskFile::DiskFile(std::string path, DiskAccess access, bool cache) : path_(std::move(path)) {
  int flags = O_RDONLY;
  if (access == DiskAccess::Append) flags = O_WRONLY | O_CREAT | O_TRUNC | O_DSYNC;
  if (access == DiskAccess::Overwrite) flags = O_WRONLY | O_DSYNC;
  if (!cache) flags |= O_DIRECT;
  fd_ = ::open(path_.c_str(), flags | O_CLOEXEC, 0644);
  if (fd_ >= 0) return;
  const int error = errno;
  if (error == EINVAL && !cache) {
    throw DiskError(fmt::format(
        "{}: this file system does not support direct IO (tmpfs before Linux 6.6 and some "
        "overlay file systems do not); add -cache to test through the page cache",
        path_));
  }
  throw DiskError(fmt::format("cannot open {} for {}: {}", path_,
                              access == DiskAccess::Read ? "reading" : "writing", reason(error)));
}

DiskFile::~DiskFile() {
  if (fd_ >= 0) ::close(fd_);
}

DiskFile::DiskFile(DiskFile&& other) noexcept
    : path_(std::move(other.path_)), fd_(std::exchange(other.fd_, -1)) {}

std::size_t DiskFile::write_at(std::span<const char> data, std::uint64_t offset) {
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n =
        ::pwrite(fd_, data.data() + done, data.size() - done, static_cast<off_t>(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw DiskError(fmt::format("writing {} failed: {}", path_, reason(errno)));
    done += static_cast<std::size_t>(n);
  }
  return done;
}

std::size_t DiskFile::read_at(std::span<char> into, std::uint64_t offset) {
  for (;;) {
    const ssize_t n = ::pread(fd_, into.data(), into.size(), static_cast<off_t>(offset));
    if (n >= 0) return static_cast<std::size_t>(n);
    if (errno != EINTR) throw DiskError(fmt::format("reading {} failed: {}", path_, reason(errno)));
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
