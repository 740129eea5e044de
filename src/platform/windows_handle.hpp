#pragma once
// Windows only: the HANDLE behind a file the portable headers keep as an integer.
#include <windows.h>

#include <cstdint>

namespace simhadr {

inline HANDLE as_handle(std::intptr_t handle) {
  return reinterpret_cast<HANDLE>(handle);
}

}  // namespace simhadr
