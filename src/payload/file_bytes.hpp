#pragma once
// The bytes of the DBA's files (-payload FILE...), one after the other and
// from the first again, read ahead by a thread of their own, and a file is never held
// whole in memory, only the few MB read ahead. Files that all fit in what
// would be read ahead are read once, at the start, and cycled in memory.
// The primary takes a flush's bytes before the flush's clock starts, so a
// reader that falls behind delays the run, never a flush's own figures.
#include <condition_variable>
#include <cstdint>
#include <fstream>
#include <mutex>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "simhadr/page_aligned_buffer.hpp"
#include "simhadr/payload.hpp"
#include "simhadr/units.hpp"

namespace simhadr {

class FileBytes {
 public:
  // `bytes`: the most one call asks for.
  FileBytes(std::size_t bytes, std::vector<PayloadFile> files);
  ~FileBytes();
  FileBytes(const FileBytes&) = delete;
  FileBytes& operator=(const FileBytes&) = delete;

  // The next `bytes` of the files, valid and free to change until the next
  // call; waits for the reader when it is behind, and throws PayloadError
  // when a file could not be read.
  std::span<char> next(std::size_t bytes);
  Nanos waited() const { return waited_; }

  static constexpr std::size_t kChunkBytes = std::size_t{1} << 20;
  static constexpr std::size_t kChunks = 8;

 private:
  void fill(std::span<char> into);
  void fill_from_memory(std::span<char> into);
  void read_ahead();
  // Fills one chunk from the files, cycling; false when stopping or failed.
  bool read_chunk(std::vector<char>& chunk);

  std::vector<PayloadFile> files_;
  PageAlignedBuffer buffer_;    // what next() hands out
  std::vector<char> resident_;  // files small enough to keep: all of their bytes
  std::size_t resident_at_ = 0;
  std::vector<std::vector<char>> chunks_;
  // Shared with the reader: chunks [taken_, read_) are full.
  std::mutex mutex_;
  std::condition_variable changed_;
  std::uint64_t read_ = 0;
  std::uint64_t taken_ = 0;
  bool stopping_ = false;
  std::string failure_;
  // The consumer's own.
  std::size_t offset_ = 0;  // into the chunk being taken
  Nanos waited_{};
  // The reader's own.
  std::ifstream in_;
  std::size_t file_ = 0;            // the one being read
  std::uint64_t file_yielded_ = 0;  // bytes it gave since it was opened
  std::size_t empty_files_ = 0;     // in a row that gave nothing: all of them, and none is left
  std::thread reader_;
};

}  // namespace simhadr
