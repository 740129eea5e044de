#include "simhadr/report/tls_text.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

namespace simhadr {

void write_tls(std::ostream& out, const TlsFacts& tls) {
  fmt::print(out, "TLS: {} {}, ", tls.version, tls.cipher);
  if (!tls.peer_verified) {
    fmt::print(out, "peer not verified\n");
    return;
  }
  fmt::print(out, "peer verified ({}, issued by {})\n", tls.peer_subject, tls.peer_issuer);
}

void write_tls_cost(std::ostream& out, const TlsCost& cost, Role role) {
  fmt::print(
      out, "TLS: modelled, {:.6f} CPU seconds per GB of log {} on this side ({}).\n",
      cost.seconds_per_gb, role == Role::Primary ? "encrypting" : "decrypting",
      cost.source == TlsCostSource::Given
          ? std::string("given with -tlsCost")
          : fmt::format("{} {}, measured on this host at start-up", cost.version, cost.cipher));
}

}  // namespace simhadr
