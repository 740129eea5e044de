#pragma once
// OpenSSL's context for one side of a run, built from -tls and its options
// before any connection: this side's certificate (the -tlsCert file, or an
// ECDSA one made at start-up and an RSA one made when a TLS 1.2 primary needs
// it), the CA that verifies the peer, the version and ciphers.
// Whatever is wrong with them (an unreadable or expired certificate, a key
// that is not its key, a cipher list OpenSSL does not know) is a RunError
// naming the option and the file. The primary is the TLS client and the
// standby the TLS server (config.hpp says why).
#include <memory>

#include "net/connect.hpp"
#include "simhadr/config.hpp"

struct ssl_ctx_st;

namespace simhadr {

class TlsContext {
 public:
  TlsContext(const TlsSettings& settings, Role role);
  ~TlsContext();
  TlsContext(const TlsContext&) = delete;
  TlsContext& operator=(const TlsContext&) = delete;

  ssl_ctx_st* native() const { return context_.get(); }
  const TlsSettings& settings() const { return settings_; }
  Role role() const { return role_; }

 private:
  struct Free {
    void operator()(ssl_ctx_st* context) const;
  };
  TlsSettings settings_;
  Role role_;
  std::unique_ptr<ssl_ctx_st, Free> context_;
};

}  // namespace simhadr
