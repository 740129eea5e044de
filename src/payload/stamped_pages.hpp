#pragma once
// The default payload: pages no compressor shrinks and no deduplicating path
// finds twice in a run, at a few stores a page. A pool of random bytes is made
// once; each flush is the pool's next pages, and each page is stamped, as
// Db2's page header carries the page's log position, with words made from its
// position in the run: one where the page starts and one half a page in, so
// every page, and every 4 KB a content-defined chunker may cut at any offset,
// holds a word no other place of the run holds. The pool is larger than the
// look-back of the paths it is made for, so none of them sees its bytes twice:
// a compressor finds nothing it can refer back to, however often the pool is
// reused. Seeded anew each run, so a path's cache that saw one run finds
// nothing of it in the next.
#include <cstddef>
#include <cstdint>
#include <span>

#include "payload/page_source.hpp"
#include "simhadr/page_aligned_buffer.hpp"

namespace simhadr {

class StampedPages final : public PageSource {
 public:
  StampedPages(std::uint32_t max_pages, Lookback lookback, std::uint64_t seed);
  std::span<const char> next_flush(std::uint32_t pages) override;
  std::span<const char> next_pages(std::uint32_t pages) override;

  // The pool a source for flushes of up to `max_pages` holds: what it costs in memory.
  static std::size_t pool_bytes(std::uint32_t max_pages, Lookback lookback);
  // Where in each page the stamps are; a flush's last page, which opens with
  // the end-of-flush marker, has its first just after it.
  static constexpr std::size_t kSecondStampAt = 2048;
  static constexpr std::size_t kMarkedPageStampAt = 16;

 private:
  std::span<char> stamped(std::uint32_t pages);

  PageAlignedBuffer pool_;
  std::size_t at_ = 0;
  std::uint64_t pages_made_ = 0;  // the run's log position, in pages
  std::uint64_t key_;
};

// A seed that differs from run to run.
std::uint64_t fresh_seed();

}  // namespace simhadr
