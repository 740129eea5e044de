set(CMAKE_SYSTEM_PROCESSOR ppc64le)
set(SIMHADR_TRIPLE powerpc64le-linux-gnu)
include(${CMAKE_CURRENT_LIST_DIR}/debian-cross.cmake)
