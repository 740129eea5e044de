# OpenSSL 3 for -tls, from Debian's libssl-dev: its static libraries serve the
# static builds. A cross build finds the target's copy where
# tools/install-deps.sh --cross unpacked it (/opt/simhadr-cross/<triple>,
# added to the search by cmake/toolchains/debian-cross.cmake); mingw-w64 has
# none, so the Windows .exe is built without TLS. SIMHADR_TLS=OFF leaves it out.
option(SIMHADR_TLS "TLS support, where OpenSSL 3 is found" ON)
set(SIMHADR_TLS_BUILT OFF)
if(SIMHADR_TLS)
  if(SIMHADR_STATIC)
    set(OPENSSL_USE_STATIC_LIBS TRUE)
  endif()
  find_package(OpenSSL 3.0)
  if(OPENSSL_FOUND)
    set(SIMHADR_TLS_BUILT ON)
    # Debian keeps openssl/configuration.h in the architecture's own include folder.
    if(CMAKE_LIBRARY_ARCHITECTURE AND EXISTS ${OPENSSL_INCLUDE_DIR}/${CMAKE_LIBRARY_ARCHITECTURE})
      set_property(TARGET OpenSSL::Crypto APPEND PROPERTY INTERFACE_INCLUDE_DIRECTORIES
        ${OPENSSL_INCLUDE_DIR}/${CMAKE_LIBRARY_ARCHITECTURE})
    endif()
    message(STATUS "TLS: OpenSSL ${OPENSSL_VERSION} (${OPENSSL_SSL_LIBRARY})")
  else()
    message(STATUS "TLS: no OpenSSL 3 for this target; -tls will be refused")
  endif()
endif()
