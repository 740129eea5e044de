# The static build's dependencies. Debian ships no static fmt or spdlog, and a
# cross compiler finds none of the host's packages, so every library is used
# from its headers: fmt header-only, spdlog header-only over that fmt, and
# Boost.Asio, CLI11 and nlohmann-json as they always are. The targets carry
# the names find_package would give, so the rest of the build does not care.
#
# A cross compiler must not search the host's /usr/include (its glibc headers
# would shadow the target's), so the libraries' folders are linked into one
# folder of the build's own and only that is added.
set(SIMHADR_HEADER_ROOT /usr/include CACHE PATH "Where the header-only libraries' folders are")
set(staged ${PROJECT_BINARY_DIR}/header-only)
file(MAKE_DIRECTORY ${staged})
foreach(library boost fmt spdlog CLI nlohmann)
  if(NOT EXISTS ${SIMHADR_HEADER_ROOT}/${library})
    message(FATAL_ERROR "SIMHADR_STATIC needs ${SIMHADR_HEADER_ROOT}/${library}: "
      "run tools/install-deps.sh")
  endif()
  file(CREATE_LINK ${SIMHADR_HEADER_ROOT}/${library} ${staged}/${library} SYMBOLIC)
endforeach()

function(simhadr_header_library name)
  add_library(${name} INTERFACE IMPORTED)
  set_target_properties(${name} PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${staged} ${ARGN})
endfunction()
simhadr_header_library(Boost::headers)
simhadr_header_library(CLI11::CLI11)
simhadr_header_library(nlohmann_json::nlohmann_json)
simhadr_header_library(fmt::fmt INTERFACE_COMPILE_DEFINITIONS FMT_HEADER_ONLY)
simhadr_header_library(spdlog::spdlog INTERFACE_COMPILE_DEFINITIONS SPDLOG_FMT_EXTERNAL
  INTERFACE_LINK_LIBRARIES fmt::fmt)

# GoogleTest: for this machine, the host's libgtest.a (a static library, so it
# links into a static binary; building it took 23 CPU-seconds of CI's static
# build). For another machine, built from the source Debian ships with
# libgtest-dev: the host's would not link into its binary. Its own CMakeLists
# names the targets GTest::gtest and GTest::gtest_main, as FindGTest does.
if(SIMHADR_BUILD_TESTS AND NOT CMAKE_CROSSCOMPILING)
  find_package(GTest REQUIRED)
elseif(SIMHADR_BUILD_TESTS)
  set(googletest_source /usr/src/googletest/googletest)
  if(NOT EXISTS ${googletest_source}/CMakeLists.txt)
    message(FATAL_ERROR "SIMHADR_STATIC tests need ${googletest_source}: run tools/install-deps.sh")
  endif()
  # Nothing of it goes into a package built from this build folder.
  set(INSTALL_GTEST OFF)
  add_subdirectory(${googletest_source} ${PROJECT_BINARY_DIR}/googletest EXCLUDE_FROM_ALL)
  # Not our code: our warnings as errors do not apply, and its own are noise here.
  set_target_properties(gtest gtest_main PROPERTIES COMPILE_OPTIONS -w)
endif()
