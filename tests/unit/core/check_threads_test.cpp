// SPDX-License-Identifier: MIT
// core/check_threads: a finished check's thread takes the next check, and what a task holds is
// gone before the task is seen as done (the engine, and a replayed archive's temporary
// directory, rely on it).
#include "core/check_threads.h"

#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <set>
#include <thread>

namespace rocm_doctor {
namespace {

struct Done {
  std::mutex mutex;
  std::condition_variable changed;
  int count = 0;
  void Add() {
    std::lock_guard<std::mutex> lock(mutex);
    ++count;
    changed.notify_all();
  }
  bool WaitFor(int n) {
    std::unique_lock<std::mutex> lock(mutex);
    return changed.wait_for(lock, std::chrono::seconds(20), [&] { return count >= n; });
  }
};

TEST(CheckThreads, FiftyChecksOneAfterAnotherReuseTheirThread) {
  // Threads the other tests of this process left idle may be taken in turn (ctest runs the
  // whole executable in one process).
  const std::size_t idle_at_start = check_threads::IdleThreads();
  Done done;
  std::mutex ids_mutex;
  std::set<std::thread::id> ids;
  for (int i = 0; i < 50; ++i) {
    check_threads::Run([&] {
      {
        std::lock_guard<std::mutex> lock(ids_mutex);
        ids.insert(std::this_thread::get_id());
      }
      done.Add();
    });
    ASSERT_TRUE(done.WaitFor(i + 1));
    // The task has reported; its thread is idle a moment later (a task started in that moment
    // would get a thread of its own, which is allowed but is not what this test looks at).
    for (int wait = 0; wait < 20000 && check_threads::IdleThreads() == 0; ++wait) {
      std::this_thread::sleep_for(std::chrono::microseconds(100));
    }
  }
  // One at a time: each check found the thread that ran the one before idle and took it, or one
  // of those already idle: never a thread per check.
  EXPECT_LE(ids.size(), idle_at_start + 3);
}

TEST(CheckThreads, ChecksRunAtOnceEachGetAThread) {
  // Four tasks that only end together: they must run on four threads at once.
  std::mutex mutex;
  std::condition_variable all_in;
  int inside = 0;
  Done done;
  for (int i = 0; i < 4; ++i) {
    check_threads::Run([&] {
      std::unique_lock<std::mutex> lock(mutex);
      ++inside;
      all_in.notify_all();
      all_in.wait_for(lock, std::chrono::seconds(20), [&] { return inside == 4; });
      lock.unlock();
      done.Add();
    });
  }
  ASSERT_TRUE(done.WaitFor(4));
  EXPECT_EQ(inside, 4);
}

TEST(CheckThreads, WhatATaskHoldsIsReleasedBeforeItsThreadWaitsAgain) {
  auto held = std::make_shared<int>(7);
  std::weak_ptr<int> watch = held;
  Done done;
  check_threads::Run([held = std::move(held), &done]() mutable {
    held.reset();  // the engine's task releases the check's facts itself before reporting
    done.Add();
  });
  ASSERT_TRUE(done.WaitFor(1));
  EXPECT_TRUE(watch.expired());
  // And a task that does not release what it captured loses it when it returns.
  auto kept = std::make_shared<int>(8);
  std::weak_ptr<int> watch_kept = kept;
  check_threads::Run([kept = std::move(kept), &done] { done.Add(); });
  ASSERT_TRUE(done.WaitFor(2));
  for (int i = 0; i < 2000 && !watch_kept.expired(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  EXPECT_TRUE(watch_kept.expired());
}

}  // namespace
}  // namespace rocm_doctor
