#pragma once
// Whether this build carries TLS: OpenSSL 3 was found for its target when it
// was configured (CMakeLists.txt sets SIMHADR_TLS_BUILT). A build without it
// refuses -tls in a real run, saying why.
namespace simhadr {

#ifndef SIMHADR_TLS_BUILT
#define SIMHADR_TLS_BUILT 0
#endif
inline constexpr bool kTlsBuilt = SIMHADR_TLS_BUILT != 0;

}  // namespace simhadr
