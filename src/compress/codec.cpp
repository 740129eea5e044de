#include "compress/codec.hpp"

namespace simhadr {

std::unique_ptr<Codec> make_codec(Compressor compressor, int level) {
  switch (compressor) {
    case Compressor::Zlib:
#ifdef SIMHADR_HAS_ZLIB
      return make_zlib_codec(level);
#else
      break;
#endif
    case Compressor::Lz4:
#ifdef SIMHADR_HAS_LZ4
      return make_lz4_codec(level);
#else
      break;
#endif
    case Compressor::Zstd:
#ifdef SIMHADR_HAS_ZSTD
      return make_zstd_codec(level);
#else
      break;
#endif
  }
  static_cast<void>(level);
  return nullptr;
}

}  // namespace simhadr
