set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(SIMHADR_TRIPLE aarch64-linux-gnu)
set(SIMHADR_QEMU_ARCH aarch64)
include(${CMAKE_CURRENT_LIST_DIR}/debian-cross.cmake)
