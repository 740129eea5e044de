#include "payload/file_bytes.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>

#include "payload/page_source.hpp"
#include "simhadr/shown.hpp"

namespace simhadr {

FileBytes::FileBytes(std::size_t bytes, std::vector<PayloadFile> files)
    : files_(std::move(files)), buffer_(bytes, '\0') {
  std::uint64_t total = 0;
  for (const PayloadFile& file : files_) total += file.bytes;
  if (total > kChunks * kChunkBytes) {
    chunks_.assign(kChunks, std::vector<char>(kChunkBytes));
    reader_ = std::thread([this] { read_ahead(); });
    return;
  }
  for (const PayloadFile& file : files_) {
    std::ifstream in(file.path, std::ios::binary);
    if (!in) {
      throw PayloadError(
          fmt::format("-payload {}: cannot read it: {}", shown(file.path), std::strerror(errno)));
    }
    std::array<char, 65536> block{};
    while (in.read(block.data(), block.size()) || in.gcount() > 0) {
      resident_.insert(resident_.end(), block.data(), block.data() + in.gcount());
    }
    if (in.bad())
      throw PayloadError(fmt::format("-payload {}: reading it failed", shown(file.path)));
  }
  if (resident_.empty()) throw PayloadError("-payload: every file given is empty now");
}

FileBytes::~FileBytes() {
  if (!reader_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  reader_.join();
}

void FileBytes::read_ahead() {
  for (;;) {
    std::vector<char>* chunk = nullptr;
    {
      std::unique_lock lock(mutex_);
      changed_.wait(lock, [this] { return stopping_ || read_ - taken_ < kChunks; });
      if (stopping_) return;
      chunk = &chunks_[read_ % kChunks];
    }
    if (!read_chunk(*chunk)) return;
    {
      std::lock_guard lock(mutex_);
      ++read_;
    }
    changed_.notify_all();
  }
}

bool FileBytes::read_chunk(std::vector<char>& chunk) {
  const auto fail = [this](std::string why) {
    const std::lock_guard lock(mutex_);
    failure_ = std::move(why);
    changed_.notify_all();
    return false;
  };
  std::size_t filled = 0;
  while (filled < chunk.size()) {
    const PayloadFile& file = files_[file_];
    if (!in_.is_open()) {
      in_.open(file.path, std::ios::binary);
      if (!in_) {
        return fail(fmt::format("-payload {}: cannot read it any more: {}", shown(file.path),
                                std::strerror(errno)));
      }
      file_yielded_ = 0;
    }
    in_.read(chunk.data() + filled, static_cast<std::streamsize>(chunk.size() - filled));
    const auto got = static_cast<std::size_t>(in_.gcount());
    filled += got;
    file_yielded_ += got;
    if (filled == chunk.size()) break;
    // This file's end: on to the next, or the first again.
    if (in_.bad()) {
      return fail(fmt::format("-payload {}: reading it failed: {}", shown(file.path),
                              std::strerror(errno)));
    }
    in_.close();
    in_.clear();
    empty_files_ = file_yielded_ == 0 ? empty_files_ + 1 : 0;
    if (empty_files_ == files_.size()) return fail("-payload: every file given is empty now");
    file_ = (file_ + 1) % files_.size();
  }
  return true;
}

std::span<char> FileBytes::next(std::size_t bytes) {
  const std::span<char> out = buffer_.bytes().first(bytes);
  fill(out);
  return out;
}

void FileBytes::fill_from_memory(std::span<char> into) {
  while (!into.empty()) {
    const std::size_t n = std::min(into.size(), resident_.size() - resident_at_);
    std::memcpy(into.data(), resident_.data() + resident_at_, n);
    into = into.subspan(n);
    resident_at_ = (resident_at_ + n) % resident_.size();
  }
}

void FileBytes::fill(std::span<char> into) {
  if (!resident_.empty()) {
    fill_from_memory(into);
    return;
  }
  while (!into.empty()) {
    std::span<const char> chunk;
    {
      std::unique_lock lock(mutex_);
      if (taken_ == read_ && failure_.empty()) {
        const auto started = std::chrono::steady_clock::now();
        changed_.wait(lock, [this] { return taken_ < read_ || !failure_.empty(); });
        waited_ += std::chrono::steady_clock::now() - started;
      }
      if (taken_ == read_) throw PayloadError(failure_);
      chunk = chunks_[taken_ % kChunks];
    }
    const std::size_t n = std::min(into.size(), chunk.size() - offset_);
    std::memcpy(into.data(), chunk.data() + offset_, n);
    into = into.subspan(n);
    offset_ += n;
    if (offset_ == chunk.size()) {
      offset_ = 0;
      {
        std::lock_guard lock(mutex_);
        ++taken_;
      }
      changed_.notify_all();
    }
  }
}

}  // namespace simhadr
