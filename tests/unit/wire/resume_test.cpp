#include "simhadr/wire/resume.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "simhadr/wire/handshake.hpp"
#include "simhadr/wire/protocol_error.hpp"

namespace simhadr {
// Named, not anonymous: a unity build puts this file beside others of the same helpers.
namespace resume_wire {

std::array<char, kResumeRequestBytes> request_of(std::string_view text) {
  std::array<char, kResumeRequestBytes> message{};
  std::ranges::copy(text, message.begin());
  return message;
}

TEST(Resume, ARequestIsItsTextPaddedWithNulsAndRoundTrips) {
  const ResumeRequest request{"0123456789abcdef", 19922944};
  const auto message = encode_resume(request);
  const std::string text = "resume=0123456789abcdef\nreceived=19922944\n";
  EXPECT_EQ(std::string(message.data(), text.size()), text);
  EXPECT_TRUE(std::all_of(message.begin() + static_cast<std::ptrdiff_t>(text.size()), message.end(),
                          [](char c) { return c == '\0'; }));
  EXPECT_EQ(decode_resume(message), request);
}

TEST(Resume, TokensAreSixteenLowerCaseHexDigitsAndDiffer) {
  const std::string a = make_resume_token();
  const std::string b = make_resume_token();
  EXPECT_TRUE(is_resume_token(a));
  EXPECT_NE(a, b);
  EXPECT_FALSE(is_resume_token("0123456789ABCDEF"));
  EXPECT_FALSE(is_resume_token("0123456789abcde"));
}

TEST(Resume, WhatIsNotARequestIsAProtocolError) {
  EXPECT_THROW(decode_resume(request_of("syncMode=NEARSYNC\nflushSize=16\n")), ProtocolError);
  EXPECT_THROW(decode_resume(request_of("resume=xyz\nreceived=1\n")), ProtocolError);
  EXPECT_THROW(decode_resume(request_of("resume=0123456789abcdef\nreceived=12a\n")), ProtocolError);
  EXPECT_THROW(decode_resume(request_of("resume=0123456789abcdef\nreceived=1")), ProtocolError);
  auto trailing = request_of("resume=0123456789abcdef\nreceived=1\n");
  trailing.back() = 'x';
  EXPECT_THROW(decode_resume(trailing), ProtocolError);
}

TEST(Resume, TheAnswersAreSixteenBytesAndDiffer) {
  EXPECT_EQ(kResumeTaken.size(), kResumeAnswerBytes);
  EXPECT_EQ(kResumeStay.size(), kResumeAnswerBytes);
  EXPECT_NE(kResumeTaken, kResumeStay);
}

TEST(Resume, TheHandshakeCarriesTheTokenAndAsksForAnAnswer) {
  HandshakeParams params{SyncMode::NearSync, 16, "2026-12-05_12:00:00_UTC", {}, {}, {}};
  EXPECT_FALSE(params.asks_for_answer());
  params.resume = "00000000deadbeef";
  EXPECT_TRUE(params.asks_for_answer());
  EXPECT_NE(handshake_text(params).find("\nresume=00000000deadbeef\n"), std::string::npos);
  EXPECT_EQ(decode_handshake(encode_handshake(params)), params);
  std::array<char, kHandshakeBytes> bad{};
  std::ranges::copy(std::string_view("syncMode=SYNC\nflushSize=1\nconnTime=x\nresume=12\n"),
                    bad.begin());
  EXPECT_THROW(decode_handshake(bad), ProtocolError);
}

}  // namespace resume_wire
}  // namespace simhadr
