#pragma once
// unique_ptr deleters for OpenSSL's objects, so each is freed once, on every path.
#include <openssl/ssl.h>
#include <openssl/x509.h>

#include <memory>

namespace simhadr {

struct X509Free {
  void operator()(X509* certificate) const { X509_free(certificate); }
};
struct PkeyFree {
  void operator()(EVP_PKEY* key) const { EVP_PKEY_free(key); }
};
struct SslFree {
  void operator()(SSL* ssl) const { SSL_free(ssl); }
};
using SslOwner = std::unique_ptr<SSL, SslFree>;
struct BioFree {
  void operator()(BIO* bio) const { BIO_free(bio); }
};
using BioOwner = std::unique_ptr<BIO, BioFree>;

}  // namespace simhadr
