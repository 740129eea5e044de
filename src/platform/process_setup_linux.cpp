#include <csignal>

#include "platform/precise_sleep.hpp"
#include "platform/process_setup.hpp"

#ifdef SIMHADR_STATIC
#include <nss.h>

#include <initializer_list>
#endif

namespace simhadr {

void prepare_process() {
  std::signal(SIGPIPE, SIG_IGN);
  // Past the file-size limit a write should fail with EFBIG, not kill the process.
  std::signal(SIGXFSZ, SIG_IGN);
  prefer_precise_timers();
}

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
