#pragma once
#include <string>

#include "runs/file_output.hpp"

namespace simhadr {

class CsvOutput final : public FileOutput {
 public:
  CsvOutput(const RunConfig& config, std::string path) : config_(config), path_(std::move(path)) {}
  void write(const RunRecord& record) override;

 private:
  const RunConfig& config_;
  std::string path_;
};

}  // namespace simhadr
