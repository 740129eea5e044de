# Windows x86_64 with Debian 12's mingw-w64 (the posix thread model, which
# std::thread needs), fully static: the .exe needs no DLL but Windows' own.
# Wine runs what it builds (tools/wine-run), so the unit tests run under CTest.
# Use as cmake -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/windows-x86_64.cmake
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(SIMHADR_TRIPLE x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${SIMHADR_TRIPLE}-gcc-posix)
set(CMAKE_CXX_COMPILER ${SIMHADR_TRIPLE}-g++-posix)
set(CMAKE_RC_COMPILER ${SIMHADR_TRIPLE}-windres)
set(CMAKE_FIND_ROOT_PATH /usr/${SIMHADR_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(CMAKE_CROSSCOMPILING_EMULATOR ${CMAKE_CURRENT_LIST_DIR}/../../tools/wine-run)
set(SIMHADR_STATIC ON CACHE BOOL "A fully static build" FORCE)
