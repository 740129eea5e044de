#pragma once
// What a role prints while it runs: report lines always, and with -verbose a
// trace of every write, send, recv, ack and congestion (through spdlog), both
// into the same stream so their order is kept. Traces may come from several
// threads (parallel disk writers); report lines come from one.
#include <fmt/format.h>
#include <spdlog/logger.h>

#include <memory>
#include <ostream>
#include <string_view>

namespace simhadr {

class RunLog {
 public:
  RunLog(std::ostream& out, bool verbose);

  template <typename... Args>
  void line(fmt::format_string<Args...> format, Args&&... args) {
    write(fmt::format(format, std::forward<Args>(args)...));
  }
  void blank() { write({}); }
  void text(std::string_view lines);  // pre-formatted, may hold several lines

  bool verbose() const { return verbose_; }
  template <typename... Args>
  void trace(fmt::format_string<Args...> format, Args&&... args) {
    if (verbose_) tracer_->trace(format, std::forward<Args>(args)...);
  }

  // Pushes what was written so far to the terminal, file or pipe.
  void flush();
  std::ostream& stream() { return out_; }

 private:
  void write(std::string_view line);

  std::ostream& out_;
  bool verbose_;
  std::shared_ptr<spdlog::logger> tracer_;
};

}  // namespace simhadr
