#pragma once
#include <cstdint>
// Certificates as simhadr needs them: those made for -tls alone, a
// check that a certificate is valid now, names and dates in words, and the
// notes OpenSSL's callbacks leave about a connection's peer.
#include <openssl/ssl.h>
#include <openssl/x509.h>

#include <memory>
#include <string>

#include "net/openssl_owners.hpp"

namespace simhadr {

struct SelfSignedCertificate {
  std::unique_ptr<X509, X509Free> certificate;
  std::unique_ptr<EVP_PKEY, PkeyFree> key;
};

enum class SelfSignedKey : std::uint8_t { EcdsaP256, Rsa2048 };

// A key of that kind and a certificate for it, signed by itself, valid for a
// week. RSA-2048 takes 0.1 to 0.6 s of CPU to make here; P-256 a hundredth of that.
SelfSignedCertificate make_self_signed_certificate(SelfSignedKey kind = SelfSignedKey::EcdsaP256);

// RunError "<what>: the certificate expired on ..." (or is not valid yet).
void check_validity(const X509* certificate, const std::string& what);

// "CN=standby,O=Bank": RFC 2253, as db2 and openssl x509 -nameopt RFC2253 print it.
std::string name_text(const X509_NAME* name);
// "2026-12-02 21:00:00 UTC".
std::string time_text(const ASN1_TIME* time);

// What the callbacks learned about one connection's peer; SSL_set_app_data
// points each connection's SSL at its notes.
struct TlsPeerNotes {
  std::string subject;  // the peer's own certificate, as verification saw it
  std::string issuer;
  std::string not_after;
  bool session_ticket = false;  // the primary: the standby has finished its handshake
};

// SSL_CTX_set_verify's callback: notes the peer's certificate, and leaves the verdict to OpenSSL.
int note_peer_certificate(int verified, X509_STORE_CTX* store);
// SSL_CTX_sess_set_new_cb's: notes that a ticket came, and keeps nothing.
int note_session_ticket(SSL* ssl, SSL_SESSION* session);

}  // namespace simhadr
