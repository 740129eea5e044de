#include "payload/payload_sample.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>

#include "payload/page_source.hpp"
#include "simhadr/shown.hpp"

namespace simhadr {

namespace {

// Slices of a large set: enough to see its parts, each long enough for a
// compressor's window (zstd -1 looks back 512 KB) to matter as it does in a stream.
constexpr std::size_t kSlices = 32;

// Appends `count` bytes of the files taken as one stream, from `offset` on.
void append_from(const std::vector<PayloadFile>& files, std::uint64_t offset, std::size_t count,
                 std::vector<char>& out) {
  for (const PayloadFile& file : files) {
    if (count == 0) return;
    if (offset >= file.bytes) {
      offset -= file.bytes;
      continue;
    }
    std::ifstream in(file.path, std::ios::binary);
    if (!in) {
      const int error = errno;
      throw PayloadError(
          fmt::format("-payload {}: cannot read it: {}", shown(file.path), std::strerror(error)));
    }
    const std::size_t wanted =
        static_cast<std::size_t>(std::min<std::uint64_t>(count, file.bytes - offset));
    const std::size_t at = out.size();
    out.resize(at + wanted);
    in.seekg(static_cast<std::streamoff>(offset));
    in.read(out.data() + at, static_cast<std::streamsize>(wanted));
    if (in.bad())
      throw PayloadError(fmt::format("-payload {}: reading it failed", shown(file.path)));
    if (static_cast<std::size_t>(in.gcount()) != wanted) {
      throw PayloadError(
          fmt::format("-payload {}: it is shorter than when the run began", shown(file.path)));
    }
    count -= wanted;
    offset = 0;
  }
}

std::vector<char> file_sample(const PayloadSpec& payload, std::size_t bytes) {
  const std::uint64_t total = payload.file_bytes();
  std::vector<char> sample;
  if (total <= bytes) {
    append_from(payload.files, 0, static_cast<std::size_t>(total), sample);
    return sample;
  }
  const std::size_t slice = payload_slice_bytes(payload, bytes);
  for (std::size_t i = 0; i < kSlices; ++i) {
    append_from(payload.files, total / kSlices * i, slice, sample);
  }
  return sample;
}

}  // namespace

std::size_t payload_slice_bytes(const PayloadSpec& payload, std::size_t bytes) {
  if (payload.kind != PayloadKind::Files || payload.file_bytes() <= bytes) return 0;
  return bytes / kSlices;
}

std::vector<char> payload_sample(const PayloadSpec& payload, std::size_t bytes) {
  if (payload.kind == PayloadKind::Files) return file_sample(payload, bytes);
  constexpr std::uint32_t kPagesAtATime = 64;
  const auto source = make_page_source(payload, kPagesAtATime);
  std::vector<char> sample;
  sample.reserve(bytes);
  while (sample.size() < bytes) {
    const std::span<const char> pages = source->next_pages(kPagesAtATime);
    sample.insert(
        sample.end(), pages.begin(),
        pages.begin() + static_cast<std::ptrdiff_t>(std::min(pages.size(), bytes - sample.size())));
  }
  return sample;
}

}  // namespace simhadr
