#pragma once
// Payload files of the test's own, in a folder removed when the test ends.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include "simhadr/payload.hpp"

namespace simhadr {

class PayloadFiles : public ::testing::Test {
 protected:
  std::filesystem::path dir_ =
      std::filesystem::temp_directory_path() /
      ("simhadr-payload-" +
       std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()) + "-" +
       ::testing::UnitTest::GetInstance()->current_test_info()->name());

  void SetUp() override { std::filesystem::create_directories(dir_); }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  PayloadFile write(const std::string& name, const std::string& bytes) {
    const std::filesystem::path path = dir_ / name;
    std::ofstream(path, std::ios::binary) << bytes;
    return {path.string(), bytes.size()};
  }
};

inline std::string pattern(std::size_t bytes, char first) {
  std::string text(bytes, '\0');
  for (std::size_t i = 0; i < bytes; ++i) text[i] = static_cast<char>(first + i % 23);
  return text;
}

}  // namespace simhadr
