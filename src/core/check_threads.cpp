// SPDX-License-Identifier: MIT
#include "core/check_threads.h"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <utility>

namespace rocm_doctor::check_threads {
namespace {

struct Threads {
  std::mutex mutex;
  std::condition_variable wake;
  std::deque<std::function<void()>> tasks;  // started, not yet taken by a thread
  std::size_t idle = 0;                     // threads waiting for a task
};

// Never destroyed: threads still wait on it (or run an abandoned check) while the process exits.
Threads& Shared() {
  static Threads& threads = *new Threads;
  return threads;
}

void Serve(Threads& threads) {
  std::unique_lock<std::mutex> lock(threads.mutex);
  while (true) {
    if (threads.tasks.empty()) {
      ++threads.idle;
      threads.wake.wait(lock, [&] { return !threads.tasks.empty(); });
      --threads.idle;
    }
    std::function<void()> task = std::move(threads.tasks.front());
    threads.tasks.pop_front();
    lock.unlock();
    task();
    task = nullptr;  // what the check held goes now, on this thread, before it waits again
    lock.lock();
  }
}

}  // namespace

void Run(std::function<void()> task) {
  Threads& threads = Shared();
  std::unique_lock<std::mutex> lock(threads.mutex);
  threads.tasks.push_back(std::move(task));
  // Every idle thread takes one task; a task more than there are idle threads needs a thread.
  if (threads.idle >= threads.tasks.size()) {
    threads.wake.notify_one();
    return;
  }
  try {
    std::thread([&threads] { Serve(threads); }).detach();
  } catch (...) {
    threads.tasks.pop_back();
    throw;
  }
}

std::size_t IdleThreads() {
  Threads& threads = Shared();
  std::lock_guard<std::mutex> lock(threads.mutex);
  return threads.idle;
}

}  // namespace rocm_doctor::check_threads
