#pragma once
// What the process sets up before anything else runs.
#include <string_view>

namespace simhadr {

// A peer that goes away or a file past its size limit is an error the run
// reports, not a signal that ends the process; timers as precise as the system allows.
void prepare_process();

// In a static Linux build, limits every name lookup to the sources built into
// glibc itself: /etc/hosts and DNS for host names, the local files for the
// rest. A static binary that followed nsswitch.conf to sssd, LDAP or systemd
// would load the host's own libc and NSS modules, which need not match the
// glibc it was linked with (a crash on another distribution). Elsewhere nothing changes.
void confine_name_services();
// What a "cannot resolve" message adds: where names may come from, where that is limited.
std::string_view unresolved_name_hint();

}  // namespace simhadr
