#include "simhadr/wire/resume.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <random>

#include "simhadr/shown.hpp"
#include "simhadr/wire/protocol_error.hpp"

namespace simhadr {

std::string make_resume_token() {
  std::random_device source;
  const std::uint64_t value = (std::uint64_t{source()} << 32) | source();
  return fmt::format("{:016x}", value);
}

bool is_resume_token(std::string_view text) {
  return text.size() == kResumeTokenChars && std::ranges::all_of(text, [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

std::array<char, kResumeRequestBytes> encode_resume(const ResumeRequest& request) {
  const std::string text = fmt::format("resume={}\nreceived={}\n", request.token, request.received);
  std::array<char, kResumeRequestBytes> message{};
  std::ranges::copy(text, message.begin());
  return message;
}

ResumeRequest decode_resume(std::span<const char, kResumeRequestBytes> message) {
  const std::string_view all(message.data(), message.size());
  const std::size_t text_end = all.find('\0');
  if (text_end == std::string_view::npos ||
      all.find_first_not_of('\0', text_end) != std::string_view::npos) {
    throw ProtocolError("a resume request is text and NUL padding");
  }
  const std::string_view text = all.substr(0, text_end);
  constexpr std::string_view kToken = "resume=";
  constexpr std::string_view kReceived = "\nreceived=";
  const std::size_t received_at = text.find(kReceived);
  if (!text.starts_with(kToken) || received_at == std::string_view::npos || !text.ends_with('\n')) {
    throw ProtocolError(fmt::format("{} is not a resume request", shown(text.substr(0, 40))));
  }
  ResumeRequest request;
  request.token = std::string(text.substr(kToken.size(), received_at - kToken.size()));
  if (!is_resume_token(request.token)) {
    throw ProtocolError(
        fmt::format("resume token {} is not 16 hexadecimal digits", shown(request.token)));
  }
  const std::string_view bytes =
      text.substr(received_at + kReceived.size(), text.size() - received_at - kReceived.size() - 1);
  const auto [end, error] =
      std::from_chars(bytes.data(), bytes.data() + bytes.size(), request.received);
  if (error != std::errc{} || end != bytes.data() + bytes.size()) {
    throw ProtocolError(fmt::format("resume request's received {} is not a number", shown(bytes)));
  }
  return request;
}

}  // namespace simhadr
