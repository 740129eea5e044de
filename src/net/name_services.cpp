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

}  // namespace simhadr
