#include "cli/flush_size_file.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "cli/input_file.hpp"
#include "cli/number_parsing.hpp"
#include "cli/option_table.hpp"
#include "simhadr/limits.hpp"
#include "simhadr/plain_spaces.hpp"
#include "simhadr/shown.hpp"

namespace simhadr {

namespace {

constexpr std::size_t kMaxEntries = 1'000'000;

std::vector<std::string> fields_of(std::string line) {
  if (const auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
  std::istringstream in(line);
  std::vector<std::string> fields;
  for (std::string field; in >> field;) fields.push_back(field);
  return fields;
}

enum class Shape : std::uint8_t { Plain, Db2FlushSize, Db2LogscanFlushes };

// "Page 2: 4080 bytes of data, flag 0x0010, end of flush, flush size 2"
constexpr std::string_view kEndOfFlush = "end of flush, flush size ";
// "Flush 3: size=56 startTime=2013-02-26 15:31:09 duration=0sec"
constexpr std::string_view kLogscanSize = "size=";

// "Page 12:" or "Flush 3:" at the start of the line.
bool numbered(std::string_view line, std::string_view word) {
  if (!line.starts_with(word)) return false;
  const std::size_t digits = line.find_first_not_of("0123456789", word.size());
  return digits != word.size() && digits != std::string_view::npos && line[digits] == ':';
}

Shape shape_of(std::istream& in) {
  Shape shape = Shape::Plain;
  for (std::string raw; std::getline(in, raw);) {
    const std::string line = with_plain_spaces(raw);
    if (numbered(line, "Page ") && line.find(kEndOfFlush) != std::string::npos) {
      shape = Shape::Db2FlushSize;
      break;
    }
    if (numbered(line, "Flush ")) {
      shape = Shape::Db2LogscanFlushes;
      break;
    }
  }
  in.clear();
  in.seekg(0);
  return shape;
}

// The flush size a database tool's line gives, or "" for a line that gives none.
std::string tool_flush_size(Shape shape, const std::string& line, std::string_view& missing) {
  const bool db2flushsize = shape == Shape::Db2FlushSize;
  if (!numbered(line, db2flushsize ? "Page " : "Flush ")) return {};
  const std::string_view marker = db2flushsize ? kEndOfFlush : kLogscanSize;
  const std::size_t at = line.find(marker);
  if (at == std::string::npos) {
    // A db2flushsize page inside a flush; a db2logscan flush line always has its size.
    if (!db2flushsize) missing = "size=";
    return {};
  }
  const std::size_t start = at + marker.size();
  const std::size_t end = line.find_first_of(" \t\r,", start);
  return line.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

void read_tool_output(std::istream& in, Shape shape, FlushSizeList& list) {
  std::size_t number = 0;
  for (std::string raw; std::getline(in, raw);) {
    ++number;
    const std::string line = with_plain_spaces(raw);
    std::string_view missing;
    const std::string size = tool_flush_size(shape, line, missing);
    if (!missing.empty()) {
      throw UsageError(fmt::format("{} {} line {}: a db2logscan flush line without {}",
                                   OptionId::FlushSizes, shown(list.path), number, missing));
    }
    if (size.empty()) continue;
    list.pages.push_back(parse_number<std::uint32_t>(
        fmt::format("{} (line {})", option_name(OptionId::FlushSizes), number), size, 1,
        kMaxFlushPages));
    if (list.pages.size() > kMaxEntries) {
      throw UsageError(fmt::format("{} {} has more than {} entries", OptionId::FlushSizes,
                                   shown(list.path), kMaxEntries));
    }
  }
}

}  // namespace

FlushSizeList read_flush_size_file(const std::string& path) {
  std::ifstream in = open_input_file(option_name(OptionId::FlushSizes), path);
  FlushSizeList list{path, {}, {}};
  if (const Shape shape = shape_of(in); shape != Shape::Plain) {
    read_tool_output(in, shape, list);
    if (list.pages.empty())
      throw UsageError(fmt::format("{} {} lists no sizes", OptionId::FlushSizes, shown(path)));
    return list;
  }
  std::size_t shape = 0;
  std::size_t number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    const std::vector<std::string> fields = fields_of(with_plain_spaces(line));
    if (fields.empty()) continue;
    const auto where = [&] {
      return fmt::format("{} (line {})", option_name(OptionId::FlushSizes), number);
    };
    if (fields.size() > 2 || (shape != 0 && fields.size() != shape)) {
      throw UsageError(
          fmt::format("{} {} line {}: give one size in pages per line, or \"pages count\" on "
                      "every line",
                      OptionId::FlushSizes, shown(path), number));
    }
    shape = fields.size();
    list.pages.push_back(parse_number<std::uint32_t>(where(), fields[0], 1, kMaxFlushPages));
    if (shape == 2) {
      list.weights.push_back(parse_number<std::uint64_t>(where(), fields[1], 0, UINT64_MAX / 2));
    }
    if (list.pages.size() > kMaxEntries) {
      throw UsageError(fmt::format("{} {} has more than {} entries", OptionId::FlushSizes,
                                   shown(path), kMaxEntries));
    }
  }
  if (list.pages.empty())
    throw UsageError(fmt::format("{} {} lists no sizes", OptionId::FlushSizes, shown(path)));
  std::uint64_t total_weight = 0;
  for (const std::uint64_t weight : list.weights) total_weight += weight;
  if (shape == 2 && total_weight == 0) {
    throw UsageError(fmt::format("{} {}: every count is 0", OptionId::FlushSizes, shown(path)));
  }
  return list;
}

}  // namespace simhadr
