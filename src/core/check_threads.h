// SPDX-License-Identifier: MIT
#pragma once
// The threads the engine runs checks on. A check runs on a thread of its own that the engine
// never joins: one that outlives its deadline is abandoned (TIMEOUT) and keeps its thread. A
// finished check's thread waits for the next check instead of exiting, so a run of 50 checks
// (at most --jobs at once) starts about as many threads as ran at once, not 50 (issue 14:
// creating and tearing down a thread per check was a measurable part of a 20 ms replay).
#include <cstddef>
#include <functional>

namespace rocm_doctor::check_threads {

// Runs `task` on an idle check thread, or on a new one when none is idle. The task, and all it
// holds, is destroyed on that thread as soon as it returns, before the thread waits again (what
// a check holds - the facts, a replayed archive's temporary directory - must not outlive it).
// Throws std::system_error when no thread can be started (RLIMIT_NPROC), as std::thread does.
void Run(std::function<void()> task);

// Threads waiting for a task now. A thread that has just run a task is idle again only a moment
// after the task returned: a task started in that moment gets a new thread (for tests).
std::size_t IdleThreads();

}  // namespace rocm_doctor::check_threads
