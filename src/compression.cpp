#include "simhadr/compression.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

namespace simhadr {

std::string_view compressor_name(Compressor compressor) {
  switch (compressor) {
    case Compressor::Zlib:
      return "zlib";
    case Compressor::Lz4:
      return "lz4";
    case Compressor::Zstd:
      return "zstd";
  }
  return "zlib";
}

int probe_level(Compressor compressor) {
  return compressor == Compressor::Zlib ? 6 : 1;
}

int max_level(Compressor compressor) {
  switch (compressor) {
    case Compressor::Zlib:
      return 9;
    case Compressor::Lz4:
      return 12;
    case Compressor::Zstd:
      return 19;
  }
  return 1;
}

std::string compression_choice_text(const CompressionChoice& choice) {
  return fmt::format("{}:{}", compressor_name(choice.compressor), choice.level);
}

std::optional<CompressionChoice> parse_compression_choice(std::string_view text) {
  const std::size_t colon = text.find(':');
  const std::string_view name = text.substr(0, colon);
  const auto known = std::ranges::find_if(
      kCompressors, [&](Compressor compressor) { return compressor_name(compressor) == name; });
  if (known == kCompressors.end()) return std::nullopt;
  CompressionChoice choice{*known, probe_level(*known)};
  if (colon == std::string_view::npos) return choice;
  const std::string_view level = text.substr(colon + 1);
  const auto [end, error] =
      std::from_chars(level.data(), level.data() + level.size(), choice.level);
  if (error != std::errc{} || end != level.data() + level.size() || choice.level < 1 ||
      choice.level > max_level(*known)) {
    return std::nullopt;
  }
  return choice;
}

}  // namespace simhadr
