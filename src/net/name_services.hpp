// Where a static simhadr may look names up.
#pragma once

#include <string_view>

namespace simhadr {

// In a static build, limits every name lookup to the sources built into glibc
// itself: /etc/hosts and DNS for host names, the local files for the rest. A
// static binary that followed nsswitch.conf to sssd, LDAP or systemd would load
// the host's own libc and NSS modules, which need not match the glibc it was
// linked with (a crash on another distribution). In a dynamic build nothing
// changes: the host's glibc is the one linked with.
void confine_name_services();

// What a "cannot resolve" message adds: in a static build, where names may come from.
std::string_view unresolved_name_hint();

}  // namespace simhadr
