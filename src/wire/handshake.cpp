#include "simhadr/wire/handshake.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <ctime>
#include <string_view>

#include "simhadr/limits.hpp"

namespace simhadr {

std::string format_conn_time(std::chrono::system_clock::time_point when) {
  const std::time_t seconds = std::chrono::system_clock::to_time_t(when);
  std::tm local{};
  localtime_r(&seconds, &local);
  char text[64];
  const std::size_t length = std::strftime(text, sizeof text, "%Y-%m-%d_%H:%M:%S_%Z", &local);
  return std::string(text, length);
}

std::string handshake_text(const HandshakeParams& params) {
  return fmt::format("syncMode={}\nflushSize={}\nconnTime={}\n", to_string(params.mode),
                     params.flush_pages, params.conn_time);
}

std::array<char, kHandshakeBytes> encode_handshake(const HandshakeParams& params) {
  const std::string text = handshake_text(params);
  if (text.size() >= kHandshakeBytes) throw ProtocolError("handshake text does not fit 1024 bytes");
  std::array<char, kHandshakeBytes> message{};
  std::ranges::copy(text, message.begin());
  return message;
}

namespace {

std::uint32_t parse_flush_pages(std::string_view value) {
  std::uint32_t pages = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), pages);
  if (error != std::errc{} || end != value.data() + value.size() || pages == 0 ||
      pages > kMaxFlushPages) {
    throw ProtocolError(fmt::format("handshake flushSize '{}' is not a page count from 1 to {}",
                                    value, kMaxFlushPages));
  }
  return pages;
}

constexpr std::size_t kFieldCount = 3;
constexpr std::array<std::string_view, kFieldCount> kFields{"syncMode", "flushSize", "connTime"};

bool printable(std::string_view text) {
  return std::ranges::all_of(text, [](char c) { return c == '\n' || (c >= 0x20 && c < 0x7f); });
}

}  // namespace

HandshakeParams decode_handshake(std::span<const char, kHandshakeBytes> message) {
  const std::string_view all(message.data(), message.size());
  const std::size_t text_end = all.find('\0');
  if (text_end == std::string_view::npos) throw ProtocolError("handshake has no NUL terminator");
  const std::string_view text = all.substr(0, text_end);
  if (all.find_first_not_of('\0', text_end) != std::string_view::npos) {
    throw ProtocolError("handshake has bytes after its NUL padding began");
  }
  if (!printable(text)) throw ProtocolError("handshake text has non-printable bytes");

  HandshakeParams params;
  std::array<bool, kFieldCount> seen{};
  std::string_view rest = text;
  while (!rest.empty()) {
    const std::size_t line_end = rest.find('\n');
    if (line_end == std::string_view::npos) throw ProtocolError("handshake line lacks a newline");
    const std::string_view line = rest.substr(0, line_end);
    rest.remove_prefix(line_end + 1);
    const std::size_t equals = line.find('=');
    if (equals == std::string_view::npos) {
      throw ProtocolError(fmt::format("handshake line '{}' is not key=value", line));
    }
    const std::string_view key = line.substr(0, equals);
    const std::string_view value = line.substr(equals + 1);
    const auto field = std::ranges::find(kFields, key);
    if (field == kFields.end()) {
      throw ProtocolError(fmt::format("handshake field '{}' is unknown", key));
    }
    bool& already = seen[static_cast<std::size_t>(field - kFields.begin())];
    if (already) throw ProtocolError(fmt::format("handshake gives {} twice", key));
    already = true;
    if (key == "syncMode") {
      const auto mode = parse_sync_mode(value);
      if (!mode) throw ProtocolError(fmt::format("handshake syncMode '{}' is unknown", value));
      params.mode = *mode;
    } else if (key == "flushSize") {
      params.flush_pages = parse_flush_pages(value);
    } else {
      params.conn_time = std::string(value);
    }
  }
  for (std::size_t i = 0; i < kFieldCount; ++i) {
    if (!seen[i]) throw ProtocolError(fmt::format("handshake lacks {}", kFields[i]));
  }
  return params;
}

}  // namespace simhadr
