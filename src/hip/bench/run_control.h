// SPDX-License-Identifier: MIT
#pragma once
// Process-wide state of a --bench run that signal handlers and every benchmark share: a stop
// request (SIGINT/SIGTERM) and "the GPU is wedged" (a kernel missed its deadline; then nothing may
// call the runtime again, not even to free memory, since those calls would block forever).
namespace rocm_doctor::hip_helper {

// Installs the SIGINT/SIGTERM handlers that set the stop request. The run stops after the kernel in
// flight, frees its memory and still prints the JSON with "interrupted": true.
void InstallBenchSignalHandlers();
bool BenchStopRequested();
void RequestBenchStop();  // what the handler does; also for tests
void ClearBenchStop();

void MarkGpuWedged();
bool GpuWedged();

}  // namespace rocm_doctor::hip_helper
