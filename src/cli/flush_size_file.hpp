#pragma once
// Reads -flushSizes FILE. One flush size in pages per line gives a sequence
// shipped in order and repeated; "pages count" per line gives a histogram
// (for example from a log scan) that flush sizes are drawn from. Blank lines
// and text after '#' are ignored. Every problem is a UsageError naming the line.
#include <string>

#include "simhadr/config.hpp"

namespace simhadr {

FlushSizeList read_flush_size_file(const std::string& path);

}  // namespace simhadr
