#pragma once
// The 1024-byte handshake the primary sends right after connecting:
// "syncMode=<MODE>\nflushSize=<N>\nconnTime=<YYYY-MM-DD_HH:MM:SS_TZ>\n", NUL-padded.
// A primary of ours may append settings for the standby (standbySockSndBuf=,
// standbySockRcvBuf=, standbyHadrBufSize=) and the codec it compresses the log
// with (compress=zstd:1), and the token a standby resumes the run with after
// a failure of the link (resume=TOKEN, wire/resume.hpp); without them the
// message is the original's, byte for byte. docs/protocol.md describes the exchange.
#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "simhadr/compression.hpp"
#include "simhadr/config.hpp"
#include "simhadr/sync_mode.hpp"
#include "simhadr/wire/protocol_error.hpp"

namespace simhadr {

inline constexpr std::size_t kHandshakeBytes = 1024;

struct HandshakeParams {
  SyncMode mode = SyncMode::NearSync;
  std::uint32_t flush_pages = 0;
  std::string conn_time;
  StandbyRequest standby;
  std::optional<CompressionChoice> compress;  // -compress: the log after the answer is compressed
  std::optional<std::string> resume;          // the run's token: a standby may come back
  bool operator==(const HandshakeParams&) const = default;
  // A standby of ours answers a handshake with settings, compression or a token before the run.
  bool asks_for_answer() const { return standby.any() || compress.has_value() || resume; }
};

// The standby's 16-byte answer to a handshake that carries settings.
inline constexpr std::size_t kSettingsReplyBytes = 16;
inline constexpr std::string_view kSettingsApplied{"settings ok\0\0\0\0\0", kSettingsReplyBytes};
inline constexpr std::string_view kSettingsNeedReconnect{"reconnect\0\0\0\0\0\0\0",
                                                         kSettingsReplyBytes};
// Refusals of compress=: the standby was started without -compress, or with another codec.
inline constexpr std::string_view kSettingsNotCompressing{"not compressing\0", kSettingsReplyBytes};
inline constexpr std::string_view kSettingsOtherCodec{"other codec\0\0\0\0\0", kSettingsReplyBytes};
// A standby started with -compress sends this in place of its first ack to a
// primary whose handshake did not compress, and closes.
inline constexpr std::string_view kCompressedOnly{"compressed only\0", kSettingsReplyBytes};

// Local time with the zone abbreviation, e.g. 2026-11-30_04:10:38_UTC.
std::string format_conn_time(std::chrono::system_clock::time_point when);

// The text part, exactly as it travels before the NUL padding.
std::string handshake_text(const HandshakeParams& params);

std::array<char, kHandshakeBytes> encode_handshake(const HandshakeParams& params);

// Throws ProtocolError naming what is wrong; never allocates beyond the message.
HandshakeParams decode_handshake(std::span<const char, kHandshakeBytes> message);

// Whether a message's first bytes can begin a handshake: a known field and its
// '='. An HTTP server's answer, an SSH banner or random bytes cannot.
bool may_begin_handshake(std::string_view first);

}  // namespace simhadr
