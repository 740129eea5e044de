#include "cli/flush_size_file.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "cli/number_parsing.hpp"
#include "simhadr/limits.hpp"

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

}  // namespace

FlushSizeList read_flush_size_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) {
    throw UsageError(
        fmt::format("-flushSizes '{}': cannot read it: {}", path, std::strerror(errno)));
  }
  FlushSizeList list{path, {}, {}};
  std::size_t shape = 0;
  std::size_t number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    const std::vector<std::string> fields = fields_of(line);
    if (fields.empty()) continue;
    const auto where = [&] { return fmt::format("flushSizes (line {})", number); };
    if (fields.size() > 2 || (shape != 0 && fields.size() != shape)) {
      throw UsageError(fmt::format(
          "-flushSizes '{}' line {}: give one size in pages per line, or \"pages count\" on "
          "every line",
          path, number));
    }
    shape = fields.size();
    list.pages.push_back(parse_number<std::uint32_t>(where(), fields[0], 1, kMaxFlushPages));
    if (shape == 2) {
      list.weights.push_back(parse_number<std::uint64_t>(where(), fields[1], 0, UINT64_MAX / 2));
    }
    if (list.pages.size() > kMaxEntries) {
      throw UsageError(fmt::format("-flushSizes '{}' has more than {} entries", path, kMaxEntries));
    }
  }
  if (list.pages.empty()) throw UsageError(fmt::format("-flushSizes '{}' lists no sizes", path));
  std::uint64_t total_weight = 0;
  for (const std::uint64_t weight : list.weights) total_weight += weight;
  if (shape == 2 && total_weight == 0) {
    throw UsageError(fmt::format("-flushSizes '{}': every count is 0", path));
  }
  return list;
}

}  // namespace simhadr
