// -flushSizes FILE in the database tools' own formats: db2flushsize's
// end-of-flush lines and db2logscan's flush lines, and their refusals.
#include "cli/flush_size_file.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "cli/usage_error.hpp"

namespace simhadr {
namespace {

std::string write_sizes(const std::string& name, const std::string& text) {
  const std::filesystem::path path = std::filesystem::temp_directory_path() /
                                     ("simhadr-flush-sizes-" + std::to_string(::getpid()) + name);
  std::ofstream(path) << text;
  return path.string();
}

std::string sizes_refusal(const std::string& path) {
  try {
    read_flush_size_file(path);
  } catch (const UsageError& error) {
    std::filesystem::remove(path);
    return error.what();
  }
  std::filesystem::remove(path);
  return "accepted";
}

TEST(FlushSizeFile, ReadsDb2FlushSizeEndOfFlushLinesInOrder) {
  const std::string path =
      write_sizes("db2flushsize",
                  "Log file S0000001.LOG\n"
                  "Page 1: 4080 bytes of data, flag 0x0000\n"
                  "Page 2: 4080 bytes of data, flag 0x0010, end of flush, flush size 2\n"
                  "Page 3: 120 bytes of data, flag 0x0010, end of flush, flush size 1\n");
  const FlushSizeList list = read_flush_size_file(path);
  std::filesystem::remove(path);
  EXPECT_EQ(list.pages, (std::vector<std::uint32_t>{2, 1}));
  EXPECT_TRUE(list.weights.empty()) << "a sequence, shipped in order";
}

// As a web page prints them: non-breaking spaces where the tool printed spaces.
TEST(FlushSizeFile, NonBreakingSpacesReadAsSpaces) {
  const std::string nbsp = "\xC2\xA0";
  const std::string tool =
      write_sizes("nbsp-tool", "Page" + nbsp + "2: 4080 bytes of data, flag 0x0010, end of" + nbsp +
                                   "flush, flush size" + nbsp + "2\n");
  EXPECT_EQ(read_flush_size_file(tool).pages, (std::vector<std::uint32_t>{2}));
  std::filesystem::remove(tool);
  const std::string plain = write_sizes("nbsp-plain", "16" + nbsp + nbsp + "3\n1" + nbsp + "9\n");
  const FlushSizeList list = read_flush_size_file(plain);
  std::filesystem::remove(plain);
  EXPECT_EQ(list.pages, (std::vector<std::uint32_t>{16, 1}));
}

TEST(FlushSizeFile, ReadsDb2LogscanFlushLinesAndSkipsTheRest) {
  const std::string path =
      write_sizes("db2logscan",
                  "Scanning S0000001.LOG\n"
                  "Flush 3: size=56 startTime=2013-02-26 15:31:09 duration=0sec\n"
                  "2013-02-26 15:32:09  7.307 MB/s, 60 sec,  17.6 pg/f, 0.009435 sec/f\n"
                  "Flush 4: size=2 startTime=2013-02-26 15:31:09 duration=0sec\n");
  const FlushSizeList list = read_flush_size_file(path);
  std::filesystem::remove(path);
  EXPECT_EQ(list.pages, (std::vector<std::uint32_t>{56, 2}));
}

TEST(FlushSizeFile, RefusesAMalformedToolLineWithItsNumber) {
  EXPECT_EQ(sizes_refusal(write_sizes("a", "Flush 1: size=5 startTime=x\nFlush 2: size=lots\n")),
            "-flushSizes (line 2) 'lots' is not a whole number");
  EXPECT_EQ(sizes_refusal(write_sizes("b", "Flush 1: size=5 startTime=x\nFlush 2: startTime=x\n")),
            "-flushSizes '" +
                (std::filesystem::temp_directory_path() /
                 ("simhadr-flush-sizes-" + std::to_string(::getpid()) + "b"))
                    .string() +
                "' line 2: a db2logscan flush line without size=");
  EXPECT_EQ(
      sizes_refusal(write_sizes("c", "Page 9: 1 bytes of data, end of flush, flush size 0\n")),
      "-flushSizes (line 1) 0 is out of range; give 1 to 65536");
}

}  // namespace
}  // namespace simhadr
