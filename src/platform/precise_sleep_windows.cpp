#include <windows.h>

#include <algorithm>

#include "platform/precise_sleep.hpp"

namespace simhadr {

namespace {

// Windows 10 1803 and later; mingw-w64's headers lack the name.
constexpr DWORD kHighResolutionTimer = 0x2;

// One waitable timer per thread, high-resolution where the system has one
// (elsewhere, and under Wine, a timer of the scheduler's tick).
class ThreadTimer {
 public:
  ThreadTimer()
      : handle_(
            ::CreateWaitableTimerExW(nullptr, nullptr, kHighResolutionTimer, TIMER_ALL_ACCESS)) {
    if (!handle_) handle_ = ::CreateWaitableTimerExW(nullptr, nullptr, 0, TIMER_ALL_ACCESS);
  }
  ~ThreadTimer() {
    if (handle_) ::CloseHandle(handle_);
  }
  ThreadTimer(const ThreadTimer&) = delete;
  ThreadTimer& operator=(const ThreadTimer&) = delete;

  void wait(Nanos length) {
    // Relative due times are negative, in 100-nanosecond units.
    LARGE_INTEGER due;
    due.QuadPart = -std::max<LONGLONG>(1, length.count() / 100);
    if (handle_ && ::SetWaitableTimer(handle_, &due, 0, nullptr, nullptr, FALSE)) {
      ::WaitForSingleObject(handle_, INFINITE);
      return;
    }
    ::Sleep(static_cast<DWORD>(std::chrono::ceil<std::chrono::milliseconds>(length).count()));
  }

 private:
  HANDLE handle_;
};

}  // namespace

// The spin clock's loop sleeps again should a wake-up come early.
void sleep_in_kernel_until(Clock::time_point wake_at) {
  thread_local ThreadTimer timer;
  const auto now = std::chrono::steady_clock::now();
  if (now < wake_at) timer.wait(wake_at - now);
}

// The high-resolution timers need no process-wide setting.
void prefer_precise_timers() {}

std::optional<double> timer_frequency_mhz() {
  LARGE_INTEGER frequency{};
  if (!::QueryPerformanceFrequency(&frequency)) return std::nullopt;
  return static_cast<double>(frequency.QuadPart) / 1e6;
}

}  // namespace simhadr
