#pragma once
// The simhadr the end-to-end tests drive: this build's own, or another build's
// named by SIMHADR_E2E_BINARY, with SIMHADR_E2E_SANITIZED=1 when that one is
// sanitized. CI builds these tests once, in its static build, and runs them
// against the sanitizer builds' binaries this way (tools/test.sh): the drivers
// only start the binary and read what it prints.
#include <string>

namespace simhadr::e2e {

const std::string& binary_under_test();
// A sanitized binary starts and runs slower, and cannot start under an
// address-space limit or measure a disk's caps.
bool binary_sanitized();

}  // namespace simhadr::e2e
