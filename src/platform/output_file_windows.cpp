#include <windows.h>

#include <utility>

#include "platform/output_file.hpp"
#include "platform/windows_error.hpp"
#include "platform/windows_handle.hpp"

namespace simhadr {

namespace {

const std::intptr_t kClosed = reinterpret_cast<std::intptr_t>(INVALID_HANDLE_VALUE);

}  // namespace

// FILE_APPEND_DATA without FILE_WRITE_DATA: every write goes to the end of the
// file, as O_APPEND's do. FILE_READ_ATTRIBUTES lets empty() read the size.
OutputFile::OutputFile(const std::string& path, OutputMode mode) {
  const bool append = mode == OutputMode::Append;
  const HANDLE handle = ::CreateFileW(
      wide_path(path).c_str(),
      FILE_READ_ATTRIBUTES | (append ? FILE_APPEND_DATA | SYNCHRONIZE : GENERIC_WRITE),
      FILE_SHARE_READ | FILE_SHARE_WRITE, nullptr, append ? OPEN_ALWAYS : CREATE_ALWAYS,
      FILE_ATTRIBUTE_NORMAL, nullptr);
  if (handle == INVALID_HANDLE_VALUE) throw OsError(windows_error_text(::GetLastError()));
  handle_ = reinterpret_cast<std::intptr_t>(handle);
}

OutputFile::~OutputFile() {
  if (handle_ != kClosed) ::CloseHandle(as_handle(handle_));
}

bool OutputFile::empty() const {
  LARGE_INTEGER size{};
  return ::GetFileSizeEx(as_handle(handle_), &size) && size.QuadPart == 0;
}

void OutputFile::write_all(std::string_view text) {
  std::size_t done = 0;
  while (done < text.size()) {
    DWORD written = 0;
    if (!::WriteFile(as_handle(handle_), text.data() + done, static_cast<DWORD>(text.size() - done),
                     &written, nullptr)) {
      throw OsError(windows_error_text(::GetLastError()));
    }
    if (written == 0) throw OsError(windows_error_text(ERROR_DISK_FULL));
    done += written;
  }
}

void OutputFile::close() {
  const HANDLE handle = as_handle(std::exchange(handle_, kClosed));
  if (!::CloseHandle(handle)) throw OsError(windows_error_text(::GetLastError()));
}

// Windows decides by the folder's access list, which only an attempt tells:
// what can be known beforehand is that the folder exists.
std::optional<std::string> cannot_write_in(const std::string& directory) {
  const DWORD attributes = ::GetFileAttributesW(wide_path(directory).c_str());
  if (attributes == INVALID_FILE_ATTRIBUTES) return windows_error_text(::GetLastError());
  if (!(attributes & FILE_ATTRIBUTE_DIRECTORY)) return std::string("Not a directory");
  return std::nullopt;
}

}  // namespace simhadr
