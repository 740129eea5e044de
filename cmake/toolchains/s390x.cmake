set(CMAKE_SYSTEM_PROCESSOR s390x)
set(SIMHADR_TRIPLE s390x-linux-gnu)
include(${CMAKE_CURRENT_LIST_DIR}/debian-cross.cmake)
