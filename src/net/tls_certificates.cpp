#include "net/tls_certificates.hpp"

#include <fmt/format.h>
#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/rsa.h>

#include <ctime>

#include "net/connect.hpp"
#include "net/tls_errors.hpp"

namespace simhadr {

namespace {

constexpr long kSelfSignedValidSeconds = 7L * 24 * 3600;

RunError cannot_make(std::string_view step) {
  return RunError(fmt::format("-tls: cannot make a certificate at start-up: {} failed ({})", step,
                              take_openssl_reason()));
}

}  // namespace

SelfSignedCertificate make_self_signed_certificate(SelfSignedKey kind) {
  SelfSignedCertificate made;
  const bool rsa = kind == SelfSignedKey::Rsa2048;
  made.key.reset(rsa ? EVP_RSA_gen(2048) : EVP_EC_gen("P-256"));
  if (!made.key) throw cannot_make(rsa ? "making an RSA key" : "making an EC key");
  made.certificate.reset(X509_new());
  X509* certificate = made.certificate.get();
  if (!certificate) throw cannot_make("X509_new");
  std::uint64_t serial = 0;
  RAND_bytes(reinterpret_cast<unsigned char*>(&serial), sizeof serial);
  X509_set_version(certificate, X509_VERSION_3);
  ASN1_INTEGER_set_uint64(X509_get_serialNumber(certificate), serial >> 1);
  // An hour back, so a peer whose clock is a little behind accepts it.
  X509_gmtime_adj(X509_getm_notBefore(certificate), -3600);
  X509_gmtime_adj(X509_getm_notAfter(certificate), kSelfSignedValidSeconds);
  X509_set_pubkey(certificate, made.key.get());
  X509_NAME* name = X509_get_subject_name(certificate);
  X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC,
                             reinterpret_cast<const unsigned char*>("simhadr self-signed"), -1, -1,
                             0);
  X509_set_issuer_name(certificate, name);
  if (X509_sign(certificate, made.key.get(), EVP_sha256()) == 0) throw cannot_make("signing");
  return made;
}

void check_validity(const X509* certificate, const std::string& what) {
  if (!certificate) return;
  if (X509_cmp_current_time(X509_get0_notAfter(certificate)) < 0) {
    throw RunError(fmt::format("{}: the certificate expired on {}", what,
                               time_text(X509_get0_notAfter(certificate))));
  }
  if (X509_cmp_current_time(X509_get0_notBefore(certificate)) > 0) {
    throw RunError(fmt::format("{}: the certificate is not valid until {}", what,
                               time_text(X509_get0_notBefore(certificate))));
  }
}

std::string name_text(const X509_NAME* name) {
  if (!name) return {};
  std::unique_ptr<BIO, decltype(&BIO_free)> out(BIO_new(BIO_s_mem()), BIO_free);
  if (!out || X509_NAME_print_ex(out.get(), name, 0, XN_FLAG_RFC2253) < 0) return {};
  char* text = nullptr;
  const long length = BIO_get_mem_data(out.get(), &text);
  return std::string(text, static_cast<std::size_t>(length));
}

std::string time_text(const ASN1_TIME* time) {
  std::tm parts{};
  if (!time || ASN1_TIME_to_tm(time, &parts) != 1) return "an unreadable date";
  return fmt::format("{:04}-{:02}-{:02} {:02}:{:02}:{:02} UTC", parts.tm_year + 1900,
                     parts.tm_mon + 1, parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec);
}

int note_peer_certificate(int verified, X509_STORE_CTX* store) {
  const auto* ssl = static_cast<const SSL*>(
      X509_STORE_CTX_get_ex_data(store, SSL_get_ex_data_X509_STORE_CTX_idx()));
  auto* notes = ssl ? static_cast<TlsPeerNotes*>(SSL_get_app_data(ssl)) : nullptr;
  const X509* leaf = X509_STORE_CTX_get0_cert(store);
  if (notes && leaf) {
    notes->subject = name_text(X509_get_subject_name(leaf));
    notes->issuer = name_text(X509_get_issuer_name(leaf));
    notes->not_after = time_text(X509_get0_notAfter(leaf));
  }
  return verified;
}

int note_session_ticket(SSL* ssl, SSL_SESSION*) {
  if (auto* notes = static_cast<TlsPeerNotes*>(SSL_get_app_data(ssl))) {
    notes->session_ticket = true;
  }
  return 0;  // not kept: the session is freed
}

}  // namespace simhadr
