#pragma once
// The line after the CPU line of a run with -tls: what the connection was
// ("TLS: TLSv1.3 TLS_AES_256_GCM_SHA384, peer verified (CN=..., issued by ...)"),
// or in -model what each flush was charged for the cipher, and whence that figure.
#include <ostream>

#include "simhadr/config.hpp"
#include "simhadr/measure/tls_facts.hpp"

namespace simhadr {

void write_tls(std::ostream& out, const TlsFacts& tls);
void write_tls_cost(std::ostream& out, const TlsCost& cost, Role role);

}  // namespace simhadr
