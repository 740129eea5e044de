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

std::unique_ptr<PageSource> make_page_source(const PayloadSpec& payload, std::uint32_t max_pages);

}  // namespace simhadr
