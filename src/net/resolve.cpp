#include "net/resolve.hpp"

#include <fmt/format.h>

#include "net/connect.hpp"
#include "platform/process_setup.hpp"
#include "platform/socket_facts.hpp"
#include "simhadr/shown.hpp"

namespace simhadr {

using boost::asio::ip::tcp;
using boost::system::error_code;

std::vector<tcp::endpoint> resolve(boost::asio::io_context& io, const Endpoint& where,
                                   std::string_view which, RunLog& log) {
  log.line("Resolving {} host {} via getaddrinfo()", which, where.host);
  tcp::resolver resolver(io);
  error_code error;
  const auto results = resolver.resolve(where.host, std::to_string(where.port),
                                        tcp::resolver::numeric_service, error);
  if (error || results.empty()) {
    throw RunError(fmt::format("-{}host {}: cannot resolve it: {}{}", which == "local" ? 'l' : 'r',
                               shown(where.host), error ? error.message() : "no address",
                               unresolved_name_hint()));
  }
  log.line("hostname={}", where.host);
  std::vector<tcp::endpoint> endpoints;
  int last_family = 0;
  for (const auto& entry : results) {
    const tcp::endpoint endpoint = entry.endpoint();
    const bool v4 = endpoint.address().is_v4();
    const int family = address_family_number(v4);
    if (family != last_family) {
      log.line("address_type={} address_length={}", family, v4 ? 4 : 16);
      last_family = family;
    }
    log.line("address: {}", endpoint.address().to_string());
    endpoints.push_back(endpoint);
  }
  log.blank();
  return endpoints;
}

std::string describe(const tcp::endpoint& endpoint) {
  return fmt::format("{}:{}", endpoint.address().to_string(), endpoint.port());
}

}  // namespace simhadr
