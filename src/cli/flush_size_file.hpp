#pragma once
// Reads -flushSizes FILE. One flush size in pages per line gives a sequence
// shipped in order and repeated; "pages count" per line gives a histogram
// (for example from a log scan) that flush sizes are drawn from. Blank lines
// and text after '#' are ignored. The database's own tools' output is read as
// a sequence too: db2flushsize's "Page N: ... end of flush, flush size K" lines
// and db2logscan -infoLevel flush's "Flush N: size=K ..." lines; their other
// lines are skipped. Every problem is a UsageError naming the line.
#include <string>

#include "simhadr/config.hpp"

namespace simhadr {

FlushSizeList read_flush_size_file(const std::string& path);

}  // namespace simhadr
