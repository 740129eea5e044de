# The compressors the payload probe measures: zlib (what ssh -C uses), lz4 and
# zstd, from Debian's -dev packages. Each is built in where it is found for the
# target (a cross build finds the target's copy where tools/install-deps.sh
# --cross unpacked it; mingw-w64 has zlib alone), a static build taking its
# static library; one not found is left out, and the probe says so.
# SIMHADR_COMPRESSORS=OFF leaves all three out.
option(SIMHADR_COMPRESSORS "The compressors zlib, lz4 and zstd, where found" ON)

# simhadr_compressor(NAME HEADER LIBRARY SOURCE): where it is found, links
# simhadr_core to it, builds SOURCE (its codecs) and defines SIMHADR_HAS_<NAME>.
function(simhadr_compressor name header library source)
  if(NOT SIMHADR_COMPRESSORS)
    return()
  endif()
  if(SIMHADR_STATIC)
    set(library_names lib${library}.a)
  else()
    set(library_names ${library})
  endif()
  find_path(SIMHADR_${name}_INCLUDE_DIR ${header})
  find_library(SIMHADR_${name}_LIBRARY NAMES ${library_names})
  if(SIMHADR_${name}_INCLUDE_DIR AND SIMHADR_${name}_LIBRARY)
    target_sources(simhadr_core PRIVATE ${source})
    target_include_directories(simhadr_core SYSTEM PRIVATE ${SIMHADR_${name}_INCLUDE_DIR})
    target_link_libraries(simhadr_core PUBLIC ${SIMHADR_${name}_LIBRARY})
    target_compile_definitions(simhadr_core PRIVATE SIMHADR_HAS_${name}=1)
    message(STATUS "Compressor ${library}: ${SIMHADR_${name}_LIBRARY}")
  else()
    message(STATUS "Compressor ${library}: not found for this target; the probe leaves it out")
  endif()
endfunction()

simhadr_compressor(ZLIB zlib.h z src/compress/zlib_codec.cpp)
simhadr_compressor(LZ4 lz4.h lz4 src/compress/lz4_codec.cpp)
simhadr_compressor(ZSTD zstd.h zstd src/compress/zstd_codec.cpp)
