#include "compress/codec.hpp"

namespace simhadr {

namespace {

const CompressorLibrary* library_for(Compressor compressor) {
  switch (compressor) {
    case Compressor::Zlib:
#ifdef SIMHADR_HAS_ZLIB
      return &kZlibLibrary;
#else
      break;
#endif
    case Compressor::Lz4:
#ifdef SIMHADR_HAS_LZ4
      return &kLz4Library;
#else
      break;
#endif
    case Compressor::Zstd:
#ifdef SIMHADR_HAS_ZSTD
      return &kZstdLibrary;
#else
      break;
#endif
  }
  return nullptr;
}

}  // namespace

std::unique_ptr<Codec> make_codec(Compressor compressor, int level) {
  const CompressorLibrary* library = library_for(compressor);
  return library ? library->codec(level) : nullptr;
}

std::unique_ptr<StreamCompressor> make_stream_compressor(const CompressionChoice& choice) {
  const CompressorLibrary* library = library_for(choice.compressor);
  return library ? library->stream_compressor(choice.level) : nullptr;
}

std::unique_ptr<StreamDecompressor> make_stream_decompressor(Compressor compressor) {
  const CompressorLibrary* library = library_for(compressor);
  return library ? library->stream_decompressor() : nullptr;
}

}  // namespace simhadr
