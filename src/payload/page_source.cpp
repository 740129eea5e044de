#include "payload/page_source.hpp"

#include <algorithm>
#include <string_view>
#include <utility>
#include <vector>

#include "payload/file_bytes.hpp"
#include "payload/stamped_pages.hpp"
#include "simhadr/page_aligned_buffer.hpp"
#include "simhadr/wire/flush_codec.hpp"

namespace simhadr {

namespace {

constexpr std::string_view kMarkerText = kEndOfFlushMarker.substr(0, kEndOfFlushMarker.size() - 1);

// The original's pages: one image, built once, every flush a span of it.
class DotPages final : public PageSource {
 public:
  explicit DotPages(std::uint32_t max_pages)
      : image_(max_pages), plain_(pages_to_bytes(max_pages), kPageFill) {}
  std::span<const char> next_flush(std::uint32_t pages) override { return image_.flush(pages); }
  std::span<const char> next_pages(std::uint32_t pages) override {
    return plain_.bytes().first(pages_to_bytes(pages));
  }

 private:
  FlushImage image_;
  PageAlignedBuffer plain_;
};

// A page of the payload may start as the marker does; only the last may.
void mark_as_flush(std::span<char> flush) {
  const std::size_t pages = flush.size() / kPageBytes;
  for (std::size_t page = 0; page + 1 < pages; ++page) {
    const std::span<char> bytes = flush.subspan(page * kPageBytes, kPageBytes);
    // The text alone, without its NUL: a standby that compared less would still see no end.
    if (std::string_view(bytes.data(), kMarkerText.size()) == kMarkerText) {
      bytes[0] = static_cast<char>(~bytes[0]);
    }
  }
  std::ranges::copy(kEndOfFlushMarker, flush.last(kPageBytes).begin());
}

// The DBA's files, read ahead in order and cycled.
class FilePages final : public PageSource {
 public:
  FilePages(std::uint32_t max_pages, const std::vector<PayloadFile>& files)
      : bytes_(pages_to_bytes(max_pages), files) {}
  std::span<const char> next_flush(std::uint32_t pages) override {
    const std::span<char> flush = bytes_.next(pages_to_bytes(pages));
    mark_as_flush(flush);
    return flush;
  }
  std::span<const char> next_pages(std::uint32_t pages) override {
    return bytes_.next(pages_to_bytes(pages));
  }
  Nanos waited() const override { return bytes_.waited(); }

 private:
  FileBytes bytes_;
};

}  // namespace

std::unique_ptr<PageSource> make_page_source(const PayloadSpec& payload, std::uint32_t max_pages,
                                             Lookback lookback) {
  switch (payload.kind) {
    case PayloadKind::Dots:
      return std::make_unique<DotPages>(max_pages);
    case PayloadKind::Files:
      return std::make_unique<FilePages>(max_pages, payload.files);
    case PayloadKind::Incompressible:
      break;
  }
  return std::make_unique<StampedPages>(max_pages, lookback, fresh_seed());
}

}  // namespace simhadr
