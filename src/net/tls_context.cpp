#include "net/tls_context.hpp"

#include <fmt/format.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/rand.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509err.h>

#include <algorithm>
#include <array>
#include <string>

#include "net/tls_certificates.hpp"
#include "net/tls_errors.hpp"
#include "simhadr/shown.hpp"

namespace simhadr {

namespace {

// Db2 and OpenSSL call the TLS 1.3 suites by one name; only these go to
// SSL_CTX_set_ciphersuites, every other name to the TLS 1.2 list.
constexpr std::array<std::string_view, 5> kTls13Suites{
    "TLS_AES_256_GCM_SHA384", "TLS_AES_128_GCM_SHA256", "TLS_CHACHA20_POLY1305_SHA256",
    "TLS_AES_128_CCM_SHA256", "TLS_AES_128_CCM_8_SHA256"};

// What a receive may take from the socket in one call: sixteen full records.
constexpr std::size_t kReadAheadBytes = 16 * (16384 + 256);

RunError openssl_refusal(std::string what) {
  const std::string reason = take_openssl_reason();
  return RunError(reason.empty() ? what : fmt::format("{} ({})", what, reason));
}

bool offers(const TlsSettings& settings, TlsVersion version) {
  return !settings.version || *settings.version == version;
}

// -tlsCiphers, in OpenSSL's names or IANA's (as Db2's SSL_CIPHERSPECS writes them),
// split by the version whose list each goes to.
struct CipherLists {
  std::string tls12;
  std::string tls13;
};

CipherLists split_ciphers(const std::string& list) {
  CipherLists lists;
  const auto add = [](std::string& to, const std::string& name) {
    to += (to.empty() ? "" : ":") + name;
  };
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t end = std::min(list.find_first_of(":,", start), list.size());
    const std::string name = list.substr(start, end - start);
    start = end + 1;
    if (name.empty()) continue;
    if (std::ranges::find(kTls13Suites, name) != kTls13Suites.end()) {
      add(lists.tls13, name);
    } else if (name.starts_with("TLS_")) {
      const std::string openssl_name = OPENSSL_cipher_name(name.c_str());
      if (openssl_name == "(NONE)") {
        throw RunError(fmt::format("-tlsCiphers: OpenSSL does not know {}", name));
      }
      add(lists.tls12, openssl_name);
    } else {
      add(lists.tls12, name);
    }
  }
  return lists;
}

std::string_view suites_to_give(TlsVersion version) {
  return version == TlsVersion::Tls13
             ? "give TLS_AES_256_GCM_SHA384, TLS_AES_128_GCM_SHA256 or TLS_CHACHA20_POLY1305_SHA256"
             : "give one such as TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384";
}

struct OfferedVersions {
  bool tls12;
  bool tls13;
};

// Without -tlsVersion, a -tlsCiphers list that names suites of one version only
// offers that version: the other would fall back to OpenSSL's default suites.
OfferedVersions use_ciphers(SSL_CTX* context, const TlsSettings& settings) {
  bool tls12 = offers(settings, TlsVersion::Tls12);
  bool tls13 = offers(settings, TlsVersion::Tls13);
  if (settings.ciphers.empty()) return {tls12, tls13};
  const std::string& list = settings.ciphers;
  const CipherLists lists = split_ciphers(list);
  tls12 = tls12 && !lists.tls12.empty();
  tls13 = tls13 && !lists.tls13.empty();
  if (!tls12 && !tls13) {
    if (!settings.version) {
      throw RunError(fmt::format("-tlsCiphers {} names no suite of TLS 1.2 or 1.3; {}", shown(list),
                                 suites_to_give(TlsVersion::Tls13)));
    }
    throw RunError(fmt::format("-tlsCiphers {} names no suite of TLS {}; {}", shown(list),
                               *settings.version == TlsVersion::Tls13 ? "1.3" : "1.2",
                               suites_to_give(*settings.version)));
  }
  if ((tls12 && SSL_CTX_set_cipher_list(context, lists.tls12.c_str()) != 1) ||
      (tls13 && SSL_CTX_set_ciphersuites(context, lists.tls13.c_str()) != 1)) {
    throw openssl_refusal(fmt::format("-tlsCiphers: OpenSSL accepts none of {}", shown(list)));
  }
  return {tls12, tls13};
}

void use_versions(SSL_CTX* context, OfferedVersions offered) {
  if (SSL_CTX_set_min_proto_version(context, offered.tls12 ? TLS1_2_VERSION : TLS1_3_VERSION) !=
          1 ||
      SSL_CTX_set_max_proto_version(context, offered.tls13 ? TLS1_3_VERSION : TLS1_2_VERSION) !=
          1) {
    throw openssl_refusal(offered.tls12 && offered.tls13
                              ? "-tls: this OpenSSL cannot offer TLS 1.2 and 1.3"
                              : "-tlsVersion: this OpenSSL cannot use that version");
  }
}

bool names_an_rsa_suite(const STACK_OF(SSL_CIPHER) * suites) {
  for (int i = 0; i < sk_SSL_CIPHER_num(suites); ++i) {
    if (SSL_CIPHER_get_auth_nid(sk_SSL_CIPHER_value(suites, i)) == NID_auth_rsa) return true;
  }
  return false;
}

// Only a TLS 1.2 server's key decides which suites it can serve: an ECDHE_RSA
// suite needs an RSA key. (TLS 1.3's suites are served with any key the client
// can verify; a client's own key never matters.)
bool may_serve_rsa_suites(SSL_CTX* context, bool offers_tls12, Role role) {
  return role == Role::Standby && offers_tls12 && names_an_rsa_suite(SSL_CTX_get_ciphers(context));
}

// Making an RSA-2048 key costs 0.1 to 0.6 s of CPU here (seconds under
// emulation), so a standby makes it only for a TLS 1.2 client that offers an
// RSA suite, and once per process. OpenSSL asks here once the version is agreed
// and before it picks the suite, which then has both keys to choose from.
// TLS 1.3 is served with the ECDSA key, which every TLS 1.3 client of ours and
// of Db2's verifies.
int add_made_rsa_certificate(SSL* connection, void*) {
  if (SSL_version(connection) != TLS1_2_VERSION ||
      !names_an_rsa_suite(SSL_get_client_ciphers(connection))) {
    return 1;
  }
  try {
    static const SelfSignedCertificate made = make_self_signed_certificate(SelfSignedKey::Rsa2048);
    return SSL_use_certificate(connection, made.certificate.get()) == 1 &&
                   SSL_use_PrivateKey(connection, made.key.get()) == 1
               ? 1
               : 0;
  } catch (...) {
    return 0;  // nothing may unwind through OpenSSL: the handshake fails with an alert
  }
}

void use_made_certificate(SSL_CTX* context) {
  const SelfSignedCertificate made = make_self_signed_certificate(SelfSignedKey::EcdsaP256);
  if (SSL_CTX_use_certificate(context, made.certificate.get()) != 1 ||
      SSL_CTX_use_PrivateKey(context, made.key.get()) != 1) {
    throw openssl_refusal("-tls: cannot use the certificate made at start-up");
  }
}

void use_certificate(SSL_CTX* context, const TlsSettings& settings, bool offers_tls12, Role role) {
  if (settings.certificate.empty()) {
    // As servers do, one certificate per key type: OpenSSL keeps each in its own
    // slot and serves the one the agreed suite needs.
    use_made_certificate(context);
    if (may_serve_rsa_suites(context, offers_tls12, role)) {
      SSL_CTX_set_cert_cb(context, add_made_rsa_certificate, nullptr);
    }
    return;
  }
  const std::string& file = settings.certificate;
  if (SSL_CTX_use_certificate_chain_file(context, file.c_str()) != 1) {
    throw openssl_refusal(fmt::format("-tlsCert {}: no PEM certificate in it", shown(file)));
  }
  check_validity(SSL_CTX_get0_certificate(context), fmt::format("-tlsCert {}", shown(file)));
  const std::string& key = settings.key.empty() ? file : settings.key;
  const auto not_its_key = [&] {
    return RunError(fmt::format("-tlsKey {} is not the key of the certificate in -tlsCert {}",
                                shown(key), shown(file)));
  };
  if (SSL_CTX_use_PrivateKey_file(context, key.c_str(), SSL_FILETYPE_PEM) != 1) {
    if (ERR_GET_REASON(ERR_peek_last_error()) == X509_R_KEY_VALUES_MISMATCH) {
      take_openssl_reason();
      throw not_its_key();
    }
    throw openssl_refusal(
        settings.key.empty()
            ? fmt::format("-tlsCert {} holds no private key; give -tlsKey", shown(file))
            : fmt::format("-tlsKey {}: no PEM private key in it", shown(key)));
  }
  if (SSL_CTX_check_private_key(context) != 1) {
    take_openssl_reason();
    throw not_its_key();
  }
}

void use_ca(SSL_CTX* context, const TlsSettings& settings, Role role) {
  if (!settings.verifies_peer()) {
    SSL_CTX_set_verify(context, SSL_VERIFY_NONE, nullptr);
    return;
  }
  if (SSL_CTX_load_verify_locations(context, settings.ca.c_str(), nullptr) != 1) {
    throw openssl_refusal(fmt::format("-tlsCA {}: no PEM certificate in it", shown(settings.ca)));
  }
  // The standby, as TLS server, asks the primary for its certificate.
  const int mode =
      role == Role::Standby ? SSL_VERIFY_PEER | SSL_VERIFY_FAIL_IF_NO_PEER_CERT : SSL_VERIFY_PEER;
  SSL_CTX_set_verify(context, mode, note_peer_certificate);
}

}  // namespace

void TlsContext::Free::operator()(SSL_CTX* context) const {
  SSL_CTX_free(context);
}

TlsContext::TlsContext(const TlsSettings& settings, Role role)
    : settings_(settings),
      role_(role),
      context_(SSL_CTX_new(role == Role::Primary ? TLS_client_method() : TLS_server_method())) {
  if (!context_) throw openssl_refusal("-tls: OpenSSL cannot make a TLS context");
  SSL_CTX* context = context_.get();
  const OfferedVersions offered = use_ciphers(context, settings);
  use_versions(context, offered);
  use_certificate(context, settings, offered.tls12, role);
  use_ca(context, settings, role);
  // A send may hand over part of its data, and retry from a buffer that moved.
  SSL_CTX_set_mode(context, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
  // A receive takes all that has come, many records at once, as a plain
  // receive does, not each record's header and then its body in two calls.
  SSL_CTX_set_read_ahead(context, 1);
  SSL_CTX_set_default_read_buffer_len(context, kReadAheadBytes);
  // A peer whose process ended closes without close_notify: an end, as a plain run's.
  SSL_CTX_set_options(context, SSL_OP_IGNORE_UNEXPECTED_EOF);
  if (role == Role::Primary) {
    // TLS 1.3's session ticket comes once the standby has accepted this side's
    // certificate; the primary waits for it (tls_transport.cpp), so is told at once.
    SSL_CTX_set_session_cache_mode(context,
                                   SSL_SESS_CACHE_CLIENT | SSL_SESS_CACHE_NO_INTERNAL_STORE);
    SSL_CTX_sess_set_new_cb(context, note_session_ticket);
  } else {
    SSL_CTX_set_num_tickets(context, 1);
    SSL_CTX_set_session_cache_mode(context, SSL_SESS_CACHE_OFF);
  }
}

TlsContext::~TlsContext() = default;

}  // namespace simhadr
