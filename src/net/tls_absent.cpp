// A build without OpenSSL (the Windows .exe): the command line refuses -tls
// in a real run (cli/tls_checks.cpp), so these only give the linker the names
// the shipping code uses, and say why should anything reach them.
#include "net/connect.hpp"
#include "net/tls_context.hpp"
#include "net/tls_cost_probe.hpp"
#include "net/tls_transport.hpp"

namespace simhadr {

namespace {

RunError no_tls() {
  return RunError("-tls: this build of simhadr has no TLS (it was built without OpenSSL)");
}

}  // namespace

void TlsContext::Free::operator()(ssl_ctx_st*) const {}

TlsContext::TlsContext(const TlsSettings& settings, Role role) : settings_(settings), role_(role) {
  throw no_tls();
}

TlsContext::~TlsContext() = default;

std::unique_ptr<TlsTransport> open_tls(boost::asio::ip::tcp::socket, const TlsContext&,
                                       const TlsConnectPlan&, const StopSource&) {
  throw no_tls();
}

TlsCipherCost measure_tls_cost(const TlsSettings&, std::uint64_t, std::uint64_t, int) {
  throw no_tls();
}

}  // namespace simhadr
