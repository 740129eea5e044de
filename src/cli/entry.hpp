#pragma once
// simhadr's whole program: parse the command line, run one kind of run, print
// its report, and map the way it ended to an exit status (0 normal, 1 failed,
// 2 usage). In the library, not in main.cpp: there it cost every build a
// compiler run of its own that parsed every run's headers (48 s of CI's ASan
// build, 29 s of its static one); in a library batch they are parsed already.

namespace simhadr {

int run_command_line(int argc, char** argv);

}  // namespace simhadr
