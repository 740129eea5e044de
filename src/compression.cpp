#include "simhadr/compression.hpp"

namespace simhadr {

std::string_view compressor_name(Compressor compressor) {
  switch (compressor) {
    case Compressor::Zlib:
      return "zlib";
    case Compressor::Lz4:
      return "lz4";
    case Compressor::Zstd:
      return "zstd";
  }
  return "zlib";
}

int probe_level(Compressor compressor) {
  return compressor == Compressor::Zlib ? 6 : 1;
}

}  // namespace simhadr
