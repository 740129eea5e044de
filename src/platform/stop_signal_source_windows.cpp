#include <windows.h>

#include <csignal>
#include <cstdlib>
#include <mutex>

#include "platform/stop_signal_source.hpp"

namespace simhadr {

// Windows runs a console's control handler on a thread it starts for each
// event, so no thread of this source's own is needed.
struct StopSignalSource::State {
  Handler handler;
};

namespace {

std::mutex current_mutex;
StopSignalSource::State* current = nullptr;

int signal_number(DWORD event) {
  switch (event) {
    case CTRL_C_EVENT:
      return SIGINT;
    case CTRL_BREAK_EVENT:
      return SIGBREAK;
    default:
      return SIGTERM;
  }
}

BOOL WINAPI on_console_event(DWORD event) {
  const std::scoped_lock lock(current_mutex);
  if (!current) return FALSE;
  current->handler({signal_number(event), false, 0, std::chrono::steady_clock::now()});
  return TRUE;
}

}  // namespace

StopSignalSource::StopSignalSource(Handler handler)
    : state_(std::make_unique<State>(State{std::move(handler)})) {
  {
    const std::scoped_lock lock(current_mutex);
    current = state_.get();
  }
  ::SetConsoleCtrlHandler(on_console_event, TRUE);
}

StopSignalSource::~StopSignalSource() {
  ::SetConsoleCtrlHandler(on_console_event, FALSE);
  const std::scoped_lock lock(current_mutex);
  current = nullptr;
}

void exit_now(std::string_view message, int status) {
  DWORD written = 0;
  ::WriteFile(::GetStdHandle(STD_ERROR_HANDLE), message.data(), static_cast<DWORD>(message.size()),
              &written, nullptr);
  std::_Exit(status);
}

}  // namespace simhadr
