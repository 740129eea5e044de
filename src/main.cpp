// simhadr's entry point; the program is run_command_line (cli/entry.hpp).
#include "cli/entry.hpp"

int main(int argc, char** argv) {
  return simhadr::run_command_line(argc, argv);
}
