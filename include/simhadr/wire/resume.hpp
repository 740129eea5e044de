#pragma once
// Taking a standby back after a failure of the link, as HADR reconnects: only
// between a primary and a standby of ours, and only when the primary's
// handshake carried resume=TOKEN (it was given -peerWaitLimit or -peerWindow).
// The standby connects afresh and sends a 1024-byte request,
// "resume=TOKEN\nreceived=BYTES\n" NUL-padded, BYTES being the log of whole
// flushes it has; the primary answers in 16 bytes: it takes the standby back
// on the new connection and ships on from BYTES, or the old connection is
// still the run's and the standby stays on it. docs/protocol.md has the exchange.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace simhadr {

inline constexpr std::size_t kResumeRequestBytes = 1024;
inline constexpr std::size_t kResumeAnswerBytes = 16;
inline constexpr std::string_view kResumeTaken{"resumed\0\0\0\0\0\0\0\0\0", kResumeAnswerBytes};
inline constexpr std::string_view kResumeStay{"stay\0\0\0\0\0\0\0\0\0\0\0\0", kResumeAnswerBytes};
inline constexpr std::size_t kResumeTokenChars = 16;

struct ResumeRequest {
  std::string token;
  std::uint64_t received = 0;
  bool operator==(const ResumeRequest&) const = default;
};

// A run's token: 16 hexadecimal digits, from the system's random source.
std::string make_resume_token();
// Sixteen hexadecimal digits, as make_resume_token gives.
bool is_resume_token(std::string_view text);

std::array<char, kResumeRequestBytes> encode_resume(const ResumeRequest& request);
// Throws ProtocolError naming what is wrong.
ResumeRequest decode_resume(std::span<const char, kResumeRequestBytes> message);

}  // namespace simhadr
