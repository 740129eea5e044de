#pragma once
// Where the bytes of each flush come from (-payload): the original's dots,
// pages no compressor shrinks, or the DBA's own files. Every source lays out
// a flush as the wire wants it: its last page starts with the end-of-flush
// marker, and no other page does.
#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>

#include "simhadr/payload.hpp"
#include "simhadr/units.hpp"

namespace simhadr {

// A payload that could not be read once the run was under way (a file gone,
// or cut to nothing). Its message is one line naming the file.
class PayloadError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// How far back the paths a payload crosses may look for a repeat.
enum class Lookback : std::uint8_t {
  // A link's compressor (zstd at levels 1 to 19 looks back at most 8 MiB;
  // zlib, as ssh -C uses it, 32 KiB; lz4 64 KiB): 9 MiB.
  Stream,
  // Storage that compresses a block or record at a time (ZFS's records are
  // at most 1 MiB unless raised): 1 MiB.
  Blocks,
};

class PageSource {
 public:
  virtual ~PageSource() = default;
  // The next flush of `pages` (at most the max_pages the source was made
  // for), marked as a flush; valid until the next call.
  virtual std::span<const char> next_flush(std::uint32_t pages) = 0;
  // The next `pages` of payload as a log write has them, unmarked (disk tests).
  virtual std::span<const char> next_pages(std::uint32_t pages) = 0;
  // How long calls waited for the payload to be read (files read slower than shipped).
  virtual Nanos waited() const { return Nanos::zero(); }
};

// Where pages go (Lookback) sets how large a pool the default payload keeps:
// StampedPages::pool_bytes, about 9 MiB for a stream and 1 MiB for a disk.
std::unique_ptr<PageSource> make_page_source(const PayloadSpec& payload, std::uint32_t max_pages,
                                             Lookback lookback = Lookback::Stream);

}  // namespace simhadr
