#pragma once
// Reads back the figures of a text report the way a DBA's script greps them.
#include <cstdint>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>

namespace simhadr::e2e {

struct ParsedReport {
  std::string mode;
  std::uint64_t log_bytes = 0;
  double elapsed_seconds = 0;  // as printed, 6 decimals
  double mbytes_per_sec = 0;
  std::uint64_t flushes = 0;
  double seconds_per_flush = 0;
  std::uint64_t write_calls = 0;  // only with -disk
  std::uint64_t sent_bytes = 0;
  std::uint64_t send_calls = 0;
  std::uint64_t congestions = 0;
  std::uint64_t recv_bytes = 0;
  std::uint64_t recv_calls = 0;
  std::set<std::string> distributions;
  std::map<std::string, std::uint64_t> distribution_totals;  // "Total N numbers"
  int summary_lines_seen = 0;                                // of the 7 lines every report has
};

inline std::optional<ParsedReport> parse_report(const std::string& text) {
  ParsedReport report;
  std::istringstream in(text);
  std::smatch m;
  std::string current;
  bool found = false;
  for (std::string line; std::getline(in, line);) {
    if (std::regex_match(
            line, m,
            std::regex(
                R"((SYNC|NEARSYNC|ASYNC|SUPERASYNC): Total (\d+) bytes in ([\d.]+) seconds, ([\d.]+) MBytes/sec)"))) {
      report.mode = m[1];
      report.log_bytes = std::stoull(m[2]);
      report.elapsed_seconds = std::stod(m[3]);
      report.mbytes_per_sec = std::stod(m[4]);
      found = true;
      ++report.summary_lines_seen;
    } else if (
        std::regex_match(
            line, m,
            std::regex(
                R"(Total (\d+) flushes, ([\d.]+) sec/flush, \d+ pages \(\d+ bytes\)/flush)"))) {
      report.flushes = std::stoull(m[1]);
      report.seconds_per_flush = std::stod(m[2]);
      ++report.summary_lines_seen;
    } else if (std::regex_match(
                   line, m,
                   std::regex(
                       R"(Total (\d+) write calls, [\d.]+ kBytes/write, [\d.]+ sec/write)"))) {
      report.write_calls = std::stoull(m[1]);
    } else if (std::regex_match(
                   line, m,
                   std::regex(R"(Total (\d+) bytes sent in [\d.]+ seconds\. [\d.]+ MBytes/sec)"))) {
      report.sent_bytes = std::stoull(m[1]);
      ++report.summary_lines_seen;
    } else if (std::regex_match(line, m,
                                std::regex(R"(Total (\d+) send calls, [\d.]+ KBytes/send, )"))) {
      report.send_calls = std::stoull(m[1]);
      ++report.summary_lines_seen;
    } else if (std::regex_match(
                   line, m,
                   std::regex(
                       R"(Total (\d+) congestions, [\d.]+ seconds, [\d.]+ second/congestion)"))) {
      report.congestions = std::stoull(m[1]);
      ++report.summary_lines_seen;
    } else if (std::regex_match(
                   line, m,
                   std::regex(R"(Total (\d+) bytes recv in [\d.]+ seconds\. [\d.]+ MBytes/sec)"))) {
      report.recv_bytes = std::stoull(m[1]);
      ++report.summary_lines_seen;
    } else if (std::regex_match(line, m,
                                std::regex(R"(Total (\d+) recv calls, [\d.]+ KBytes/recv)"))) {
      report.recv_calls = std::stoull(m[1]);
      ++report.summary_lines_seen;
    } else if (std::regex_match(
                   line, m,
                   std::regex(R"(Distribution of (.+) \(unit is (byte|microsecond)\):)"))) {
      current = m[1];
      report.distributions.insert(current);
    } else if (std::regex_match(
                   line, m,
                   std::regex(R"(Total (\d+) numbers, Sum \d+, Min \d+, Max \d+, Avg \d+)"))) {
      report.distribution_totals[current] = std::stoull(m[1]);
    }
  }
  if (!found) return std::nullopt;
  return report;
}

}  // namespace simhadr::e2e
