#include "simhadr/wire/handshake.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <ctime>
#include <string_view>

#include "platform/local_time.hpp"
#include "simhadr/limits.hpp"
#include "simhadr/shown.hpp"
#include "simhadr/wire/resume.hpp"

namespace simhadr {

std::string format_conn_time(std::chrono::system_clock::time_point when) {
  const std::time_t seconds = std::chrono::system_clock::to_time_t(when);
  const std::tm local = local_time(seconds);
  char text[64];
  const std::size_t length = std::strftime(text, sizeof text, "%Y-%m-%d_%H:%M:%S_%Z", &local);
  return std::string(text, length);
}

std::string handshake_text(const HandshakeParams& params) {
  std::string text = fmt::format("syncMode={}\nflushSize={}\nconnTime={}\n", to_string(params.mode),
                                 params.flush_pages, params.conn_time);
  const StandbyRequest& standby = params.standby;
  if (standby.send_buffer) text += fmt::format("standbySockSndBuf={}\n", *standby.send_buffer);
  if (standby.receive_buffer) {
    text += fmt::format("standbySockRcvBuf={}\n", *standby.receive_buffer);
  }
  if (standby.buffer_pages) text += fmt::format("standbyHadrBufSize={}\n", *standby.buffer_pages);
  if (params.compress)
    text += fmt::format("compress={}\n", compression_choice_text(*params.compress));
  if (params.resume) text += fmt::format("resume={}\n", *params.resume);
  return text;
}

std::array<char, kHandshakeBytes> encode_handshake(const HandshakeParams& params) {
  const std::string text = handshake_text(params);
  if (text.size() >= kHandshakeBytes) throw ProtocolError("handshake text does not fit 1024 bytes");
  std::array<char, kHandshakeBytes> message{};
  std::ranges::copy(text, message.begin());
  return message;
}

namespace {

// The first kRequiredFields are the original's and must be there; the rest are ours and optional.
constexpr std::size_t kRequiredFields = 3;
constexpr std::size_t kFieldCount = 8;
constexpr std::array<std::string_view, kFieldCount> kFields{
    "syncMode",          "flushSize",          "connTime", "standbySockSndBuf",
    "standbySockRcvBuf", "standbyHadrBufSize", "compress", "resume"};

template <typename T>
T parse_bounded(std::string_view key, std::string_view value, T max) {
  T number = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
  if (error != std::errc{} || end != value.data() + value.size() || number < 1 || number > max) {
    throw ProtocolError(
        fmt::format("handshake {} {} is not a number from 1 to {}", key, shown(value), max));
  }
  return number;
}

bool printable(std::string_view text) {
  return std::ranges::all_of(text, [](char c) { return c == '\n' || (c >= 0x20 && c < 0x7f); });
}

// One known field's value into `params`; ProtocolError when it is not one.
void take_field(std::string_view key, std::string_view value, HandshakeParams& params) {
  if (key == "syncMode") {
    const auto mode = parse_sync_mode(value);
    if (!mode) throw ProtocolError(fmt::format("handshake syncMode {} is unknown", shown(value)));
    params.mode = *mode;
  } else if (key == "flushSize") {
    params.flush_pages = parse_bounded(key, value, kMaxFlushPages);
  } else if (key == "connTime") {
    params.conn_time = std::string(value);
  } else if (key == "standbySockSndBuf") {
    params.standby.send_buffer = parse_bounded(key, value, kMaxSocketBufferBytes);
  } else if (key == "standbySockRcvBuf") {
    params.standby.receive_buffer = parse_bounded(key, value, kMaxSocketBufferBytes);
  } else if (key == "compress") {
    params.compress = parse_compression_choice(value);
    if (!params.compress) {
      throw ProtocolError(fmt::format(
          "handshake compress {} is not a codec and level this simhadr knows", shown(value)));
    }
  } else if (key == "resume") {
    if (!is_resume_token(value)) {
      throw ProtocolError(
          fmt::format("handshake resume {} is not 16 hexadecimal digits", shown(value)));
    }
    params.resume = std::string(value);
  } else {
    params.standby.buffer_pages = parse_bounded(key, value, kMaxStandbyBufferPages);
  }
}

}  // namespace

bool may_begin_handshake(std::string_view first) {
  return std::ranges::any_of(kFields, [&](std::string_view field) {
    const std::string_view key = first.substr(0, field.size());
    if (!field.starts_with(key)) return false;
    return first.size() <= field.size() || first[field.size()] == '=';
  });
}

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
      throw ProtocolError(fmt::format("handshake line {} is not key=value", shown(line)));
    }
    const std::string_view key = line.substr(0, equals);
    const std::string_view value = line.substr(equals + 1);
    const auto field = std::ranges::find(kFields, key);
    if (field == kFields.end()) {
      throw ProtocolError(fmt::format("handshake field {} is unknown", shown(key)));
    }
    bool& already = seen[static_cast<std::size_t>(field - kFields.begin())];
    if (already) throw ProtocolError(fmt::format("handshake gives {} twice", key));
    already = true;
    take_field(key, value, params);
  }
  for (std::size_t i = 0; i < kRequiredFields; ++i) {
    if (!seen[i]) throw ProtocolError(fmt::format("handshake lacks {}", kFields[i]));
  }
  return params;
}

}  // namespace simhadr
