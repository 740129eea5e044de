#include "log/run_log.hpp"

#include <spdlog/sinks/ostream_sink.h>

namespace simhadr {

RunLog::RunLog(std::ostream& out, bool verbose)
    : out_(out),
      verbose_(verbose),
      tracer_(std::make_shared<spdlog::logger>(
          "trace", std::make_shared<spdlog::sinks::ostream_sink_mt>(out))) {
  tracer_->set_pattern("%v");
  tracer_->set_level(verbose ? spdlog::level::trace : spdlog::level::off);
}

void RunLog::write(std::string_view line) {
  out_ << line << '\n';
}

void RunLog::text(std::string_view lines) {
  out_ << lines;
}

void RunLog::flush() {
  out_.flush();
}

}  // namespace simhadr
