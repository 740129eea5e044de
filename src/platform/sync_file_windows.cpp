#include <windows.h>

#include <utility>

#include "platform/sync_file.hpp"
#include "platform/windows_error.hpp"
#include "platform/windows_handle.hpp"

namespace simhadr {

namespace {

OsError os_error(DWORD error) {
  return OsError(windows_error_text(error));
}

OVERLAPPED at_offset(std::uint64_t offset) {
  OVERLAPPED where{};
  where.Offset = static_cast<DWORD>(offset);
  where.OffsetHigh = static_cast<DWORD>(offset >> 32);
  return where;
}

}  // namespace

// FILE_FLAG_NO_BUFFERING wants sector-aligned buffers, offsets and sizes, which
// the disk tests' page-aligned buffers and whole pages are.
SyncFile::SyncFile(const std::string& path, SyncFileAccess access, bool cache) {
  const bool reading = access == SyncFileAccess::Read;
  DWORD flags = FILE_ATTRIBUTE_NORMAL;
  if (!reading) flags |= FILE_FLAG_WRITE_THROUGH;
  if (!cache) flags |= FILE_FLAG_NO_BUFFERING;
  const HANDLE handle = ::CreateFileW(
      wide_path(path).c_str(), reading ? GENERIC_READ : GENERIC_WRITE,
      FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
      access == SyncFileAccess::Create ? CREATE_ALWAYS : OPEN_EXISTING, flags, nullptr);
  if (handle == INVALID_HANDLE_VALUE) throw os_error(::GetLastError());
  handle_ = reinterpret_cast<std::intptr_t>(handle);
}

SyncFile::~SyncFile() {
  if (as_handle(handle_) != INVALID_HANDLE_VALUE) ::CloseHandle(as_handle(handle_));
}

SyncFile::SyncFile(SyncFile&& other) noexcept
    : handle_(std::exchange(other.handle_, reinterpret_cast<std::intptr_t>(INVALID_HANDLE_VALUE))) {
}

void SyncFile::write_at(std::span<const char> data, std::uint64_t offset) {
  std::size_t done = 0;
  while (done < data.size()) {
    OVERLAPPED where = at_offset(offset + done);
    DWORD written = 0;
    if (!::WriteFile(as_handle(handle_), data.data() + done, static_cast<DWORD>(data.size() - done),
                     &written, &where)) {
      throw os_error(::GetLastError());
    }
    if (written == 0) throw os_error(ERROR_DISK_FULL);
    done += written;
  }
}

std::size_t SyncFile::read_at(std::span<char> into, std::uint64_t offset) {
  OVERLAPPED where = at_offset(offset);
  DWORD got = 0;
  if (::ReadFile(as_handle(handle_), into.data(), static_cast<DWORD>(into.size()), &got, &where)) {
    return got;
  }
  const DWORD error = ::GetLastError();
  if (error == ERROR_HANDLE_EOF) return 0;
  throw os_error(error);
}

}  // namespace simhadr
