# Shared by the per-architecture toolchain files: Debian 12's cross compiler
# for SIMHADR_TRIPLE, qemu-user for CMAKE_SYSTEM_PROCESSOR to run what it
# builds (the unit tests run under it through CTest), and a static build,
# since no target libraries are installed (but OpenSSL's, unpacked).
# Use as cmake -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/<arch>.cmake
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_CXX_COMPILER ${SIMHADR_TRIPLE}-g++)
# /opt/simhadr-cross: the target's OpenSSL, unpacked there by tools/install-deps.sh --cross.
set(CMAKE_FIND_ROOT_PATH /usr/${SIMHADR_TRIPLE} /opt/simhadr-cross/${SIMHADR_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
find_program(SIMHADR_QEMU qemu-${CMAKE_SYSTEM_PROCESSOR}-static REQUIRED)
set(CMAKE_CROSSCOMPILING_EMULATOR ${SIMHADR_QEMU})
set(SIMHADR_STATIC ON CACHE BOOL "A fully static build" FORCE)
