#include "net/tls_errors.hpp"

#include <fmt/format.h>
#include <openssl/err.h>
#include <openssl/x509_vfy.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>

#include "simhadr/shown.hpp"

namespace simhadr {

namespace {

// Alerts that say the peer refused this side's certificate.
constexpr std::array kRefusedCertificate{SSL_R_TLSV1_ALERT_UNKNOWN_CA,
                                         SSL_R_SSLV3_ALERT_BAD_CERTIFICATE,
                                         SSL_R_SSLV3_ALERT_CERTIFICATE_UNKNOWN,
                                         SSL_R_SSLV3_ALERT_CERTIFICATE_EXPIRED,
                                         SSL_R_SSLV3_ALERT_UNSUPPORTED_CERTIFICATE,
                                         SSL_R_TLSV13_ALERT_CERTIFICATE_REQUIRED,
                                         SSL_R_TLSV1_ALERT_ACCESS_DENIED,
                                         SSL_R_SSLV3_ALERT_CERTIFICATE_REVOKED};
constexpr std::array kNoCommonVersion{
    SSL_R_UNSUPPORTED_PROTOCOL, SSL_R_TLSV1_ALERT_PROTOCOL_VERSION, SSL_R_NO_PROTOCOLS_AVAILABLE};
constexpr std::array kNoCommonCipher{SSL_R_NO_SHARED_CIPHER, SSL_R_SSLV3_ALERT_HANDSHAKE_FAILURE,
                                     SSL_R_NO_CIPHERS_AVAILABLE};
// What OpenSSL says when the bytes that came are not TLS at all.
constexpr std::array kNotTls{SSL_R_WRONG_VERSION_NUMBER, SSL_R_PACKET_LENGTH_TOO_LONG,
                             SSL_R_HTTP_REQUEST};

template <std::size_t N>
bool among(const std::array<int, N>& reasons, int reason) {
  return std::ranges::find(reasons, reason) != reasons.end();
}

std::string whose(const TlsPeer& peer, const TlsPeerNotes& notes) {
  return notes.subject.empty() ? fmt::format("{}'s certificate", peer.name)
                               : fmt::format("{}'s certificate ({})", peer.name, notes.subject);
}

// This side checked the peer's certificate, and it failed.
std::string verify_failure(long result, const TlsPeer& peer, const TlsPeerNotes& notes) {
  switch (result) {
    case X509_V_ERR_HOSTNAME_MISMATCH:
    case X509_V_ERR_IP_ADDRESS_MISMATCH:
      return fmt::format("{} does not name {} (-tlsHostCheck)", whose(peer, notes),
                         shown(peer.host));
    case X509_V_ERR_CERT_HAS_EXPIRED:
      return fmt::format("{} expired on {}", whose(peer, notes), notes.not_after);
    case X509_V_ERR_CERT_NOT_YET_VALID:
      return fmt::format("{} is not valid yet", whose(peer, notes));
    case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY:
    case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT:
    case X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT:
    case X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN:
    case X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE:
    case X509_V_ERR_CERT_SIGNATURE_FAILURE:
      return fmt::format("{}{} was not signed by a CA in -tlsCA {}", whose(peer, notes),
                         notes.issuer.empty() ? "" : fmt::format(", issued by {},", notes.issuer),
                         shown(peer.ca_file));
    default:
      return fmt::format("{} failed verification: {}", whose(peer, notes),
                         X509_verify_cert_error_string(result));
  }
}

// The peer refused this side's certificate: its alert says why, as far as TLS can.
std::string refused_certificate(int reason, const std::string& text, const TlsPeer& peer) {
  switch (reason) {
    case SSL_R_TLSV1_ALERT_UNKNOWN_CA:
      return fmt::format(
          "{} does not trust the CA that signed this side's certificate ({}): give this side a "
          "-tlsCert signed by a CA in {}'s -tlsCA",
          peer.name, text, peer.name);
    case SSL_R_SSLV3_ALERT_BAD_CERTIFICATE:
      return fmt::format(
          "{} refused this side's certificate ({}), though it trusts its CA: most often its "
          "-tlsHostCheck, when the certificate names none of the names or addresses of its "
          "-rhost; else the certificate is not valid yet (compare the two hosts' clocks) or its "
          "key or signature is too weak",
          peer.name, text);
    case SSL_R_SSLV3_ALERT_CERTIFICATE_EXPIRED:
      return fmt::format(
          "{} found this side's certificate expired ({}): compare its dates with both hosts' "
          "clocks",
          peer.name, text);
    default:
      return fmt::format(
          "{} refused this side's certificate ({}): check it against {}'s -tlsCA and "
          "-tlsHostCheck",
          peer.name, text, peer.name);
  }
}

}  // namespace

std::string take_openssl_reason() {
  const unsigned long code = ERR_get_error();
  ERR_clear_error();
  if (code == 0) return {};
  const char* reason = ERR_reason_error_string(code);
  return reason ? std::string(reason) : fmt::format("OpenSSL error {:#x}", code);
}

std::string tls_failure(SSL* ssl, int status, const TlsPeer& peer, const TlsPeerNotes& notes,
                        int system_error) {
  const int reason = ERR_GET_REASON(ERR_peek_error());
  const std::string text = take_openssl_reason();
  const bool closed = status == SSL_ERROR_ZERO_RETURN ||
                      (status == SSL_ERROR_SYSCALL && text.empty()) ||
                      reason == SSL_R_UNEXPECTED_EOF_WHILE_READING || system_error == ECONNRESET ||
                      system_error == EPIPE;
  if (closed) {
    return fmt::format(
        "{} closed the connection during the TLS handshake: is it started with -tls, and does "
        "it accept this side's certificate?",
        peer.name);
  }
  if (reason == SSL_R_CERTIFICATE_VERIFY_FAILED) {
    return verify_failure(SSL_get_verify_result(ssl), peer, notes);
  }
  if (among(kRefusedCertificate, reason)) return refused_certificate(reason, text, peer);
  if (among(kNoCommonVersion, reason)) {
    return fmt::format("{} and this side share no TLS version ({}): give both the same -tlsVersion",
                       peer.name, text);
  }
  if (among(kNoCommonCipher, reason)) {
    return fmt::format(
        "{} and this side share no cipher suite ({}): compare their -tlsCiphers; under TLS 1.2 "
        "an ECDHE_RSA suite also needs an RSA key in the standby's -tlsCert, an ECDHE_ECDSA "
        "suite an EC one",
        peer.name, text);
  }
  if (among(kNotTls, reason)) {
    return fmt::format("{} does not speak TLS ({}): start it with -tls too", peer.name, text);
  }
  if (status == SSL_ERROR_SYSCALL && system_error != 0) {
    return fmt::format("TLS with {} failed: {}", peer.name, std::strerror(system_error));
  }
  return fmt::format("TLS with {} failed: {}", peer.name, text.empty() ? "no reason given" : text);
}

}  // namespace simhadr
