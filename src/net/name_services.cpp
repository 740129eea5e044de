#include "net/name_services.hpp"

#ifdef SIMHADR_STATIC
#include <nss.h>

#include <initializer_list>
#endif

namespace simhadr {

void confine_name_services() {
#ifdef SIMHADR_STATIC
  ::__nss_configure_lookup("hosts", "files dns");
  for (const char* database : {"services", "protocols", "passwd", "group"}) {
    ::__nss_configure_lookup(database, "files");
  }
#endif
}

std::string_view unresolved_name_hint() {
#ifdef SIMHADR_STATIC
  return " (this static simhadr looks names up in /etc/hosts and DNS only: give an IP address)";
#else
  return "";
#endif
}

}  // namespace simhadr
