#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "platform/output_file.hpp"

namespace simhadr {

OutputFile::OutputFile(const std::string& path, OutputMode mode) {
  const int flags =
      O_WRONLY | O_CREAT | O_CLOEXEC | (mode == OutputMode::Append ? O_APPEND : O_TRUNC);
  handle_ = ::open(path.c_str(), flags, 0644);
  if (handle_ < 0) throw OsError(std::strerror(errno));
}

OutputFile::~OutputFile() {
  if (handle_ >= 0) ::close(static_cast<int>(handle_));
}

bool OutputFile::empty() const {
  struct stat facts {};
  return ::fstat(static_cast<int>(handle_), &facts) == 0 && facts.st_size == 0;
}

void OutputFile::write_all(std::string_view text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t written =
        ::write(static_cast<int>(handle_), text.data() + done, text.size() - done);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) throw OsError(std::strerror(written < 0 ? errno : ENOSPC));
    done += static_cast<std::size_t>(written);
  }
}

void OutputFile::close() {
  const int fd = static_cast<int>(std::exchange(handle_, -1));
  if (::close(fd) != 0) throw OsError(std::strerror(errno));
}

std::optional<std::string> cannot_write_in(const std::string& directory) {
  if (::access(directory.c_str(), W_OK) == 0) return std::nullopt;
  return std::strerror(errno);
}

}  // namespace simhadr
