#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <sstream>
#include <type_traits>

#include "simhadr/plain_spaces.hpp"
#include "simhadr/shown.hpp"
#include "simhadr/workload/db2logscan.hpp"

namespace simhadr {

namespace {

constexpr std::string_view kDistributionHeading = "Distribution of log write rate";

// "2013-02-26 15:32:09": the start every rate line has.
bool starts_with_timestamp(std::string_view line) {
  constexpr std::string_view shape = "dddd-dd-dd dd:dd:dd";
  if (line.size() < shape.size()) return false;
  for (std::size_t i = 0; i < shape.size(); ++i) {
    const auto c = static_cast<unsigned char>(line[i]);
    if (shape[i] == 'd' ? !std::isdigit(c) : line[i] != shape[i]) return false;
  }
  return true;
}

std::vector<std::string_view> words_of(std::string_view line) {
  std::vector<std::string_view> words;
  std::size_t at = 0;
  while (at < line.size()) {
    const std::size_t start = line.find_first_not_of(" \t", at);
    if (start == std::string_view::npos) break;
    const std::size_t end = std::min(line.find_first_of(" \t", start), line.size());
    words.push_back(line.substr(start, end - start));
    at = end;
  }
  return words;
}

std::optional<double> number_of(std::string_view word) {
  double value = 0;
  const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
  if (error != std::errc{} || end != word.data() + word.size() || !std::isfinite(value)) {
    return std::nullopt;
  }
  return value;
}

// Stores a figure in its member, in the member's type (a rate or a plain double).
template <auto member>
void store(WorkloadInterval& interval, double value) {
  using Figure = std::remove_cvref_t<decltype(interval.*member)>;
  interval.*member = Figure{value};
}

struct Field {
  std::size_t word;        // where the figure stands in the line
  std::string_view label;  // the word after it ("nOpenTrans" comes before its figure)
  void (*store)(WorkloadInterval&, double);
};

// After the timestamp's two words: figure, label, figure, label, ...
constexpr std::array kFields{
    Field{2, "MB/s,", &store<&WorkloadInterval::rate>},
    Field{4, "sec,", &store<&WorkloadInterval::seconds>},
    Field{6, "pg/f,", &store<&WorkloadInterval::flush_pages>},
    Field{8, "sec/f,", &store<&WorkloadInterval::flush_seconds>},
    Field{10, "pg/tr,", &store<&WorkloadInterval::transaction_pages>},
    Field{12, "sec/tr,", &store<&WorkloadInterval::transaction_seconds>},
    Field{14, "sec/cmt,", &store<&WorkloadInterval::commit_seconds>},
    Field{17, "nOpenTrans", &store<&WorkloadInterval::open_transactions>},
};

std::string_view without_carriage_return(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

}  // namespace

std::optional<WorkloadInterval> parse_rate_line(std::string_view line, std::string_view where) {
  line = without_carriage_return(line);
  if (!starts_with_timestamp(line)) return std::nullopt;
  const std::vector<std::string_view> words = words_of(line);
  if (words.size() < 4 || !words[3].starts_with("MB/s")) return std::nullopt;
  WorkloadInterval interval;
  interval.timestamp = std::string(line.substr(0, 19));
  // Labels are matched without their commas: a line cut short after "sec/cmt"
  // lacks the figure after it, not that one.
  const auto label_at = [&](std::size_t word) {
    return word < words.size() ? words[word].substr(0, words[word].find(',')) : std::string_view{};
  };
  for (const Field& field : kFields) {
    const std::string_view label = field.label.substr(0, field.label.find(','));
    const std::size_t label_word = field.word == 17 ? 16 : field.word + 1;
    if (words.size() <= std::max(field.word, label_word) || label_at(label_word) != label) {
      throw WorkloadInputError(
          fmt::format("{}: the rate line has no {} figure where db2logscan puts it", where, label));
    }
    const auto value = number_of(words[field.word]);
    if (!value) {
      throw WorkloadInputError(
          fmt::format("{}: {} is not a number ({})", where, shown(words[field.word]), label));
    }
    if (*value < 0) {
      throw WorkloadInputError(
          fmt::format("{}: {} {} is negative", where, label, words[field.word]));
    }
    field.store(interval, *value);
  }
  return interval;
}

void Db2LogscanReader::read(std::istream& in, std::string_view name) {
  std::size_t number = 0;
  for (std::string raw; std::getline(in, raw);) {
    ++number;
    const std::string text = with_plain_spaces(raw);
    const auto where = [&] { return fmt::format("{} line {}", name, number); };
    ScanLine line;
    try {
      if (after_distribution_heading_) {
        const std::vector<std::string_view> words = words_of(without_carriage_return(text));
        const auto average = words.empty() ? std::nullopt : number_of(words.back());
        if (!average || *average < 0) {
          throw WorkloadInputError(fmt::format(
              "{}: the line after \"{}\" should end in the average rate, not {}", where(),
              kDistributionHeading, shown(words.empty() ? std::string_view{} : words.back())));
        }
        line.kind = ScanLine::Kind::AverageRate;
        line.average_rate = MiBPerSec{*average};
      } else if (auto interval = parse_rate_line(text, where())) {
        line.kind = ScanLine::Kind::Interval;
        line.interval = std::move(*interval);
        any_interval_ = true;
      }
    } catch (const WorkloadInputError& damaged) {
      line.kind = ScanLine::Kind::Other;
      line.skipped = damaged.what();
    }
    after_distribution_heading_ = text.find(kDistributionHeading) != std::string::npos;
    if (after_distribution_heading_ && line.kind == ScanLine::Kind::Other) {
      line.kind = ScanLine::Kind::DistributionHeading;
    }
    line.text = std::move(raw);
    lines_.push_back(std::move(line));
  }
  if (in.bad()) throw WorkloadInputError(fmt::format("{}: read failed", name));
  names_.emplace_back(name);
}

const std::string* Db2LogscanReader::first_skipped() const {
  const auto damaged =
      std::ranges::find_if(lines_, [](const ScanLine& line) { return !line.skipped.empty(); });
  return damaged == lines_.end() ? nullptr : &damaged->skipped;
}

std::vector<ScanLine> Db2LogscanReader::take() {
  if (!any_interval_) {
    throw WorkloadInputError(
        fmt::format("{}: no db2logscan rate lines found; they read \"2013-02-08 23:58:27  0.792 "
                    "MB/s, 60 sec,  17.7 pg/f, 0.087083 sec/f, ...\" (db2logscan -interval 60 "
                    "S*.LOG prints them)",
                    fmt::join(names_, ", ")));
  }
  return std::move(lines_);
}

}  // namespace simhadr
