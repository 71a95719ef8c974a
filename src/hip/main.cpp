// SPDX-License-Identifier: MIT
// rocm-doctor-hip: the GPU probe helper the doctor runs in a child process with a deadline
// (docs/hip-helper.md). Only this executable links the GPU runtime.
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string_view>
#include <vector>

#include "hip/bench/bench_runner.h"
#include "hip/bench/run_control.h"
#include "hip/helper_main.h"
#include "hip/json_stdout.h"
#include "hip/probe.h"

namespace hh = rocm_doctor::hip_helper;

int main(int argc, char** argv) {
  std::vector<std::string_view> args;
  for (int i = 1; i < argc; ++i) args.emplace_back(argv[i]);
  const int json_fd = hh::DetachStdoutForJson();
  std::ostringstream out;
  const hh::HelperBackend backend{.name = hh::GpuBackendName(),
                                  .targets = hh::GpuBuildTargets(),
                                  .probe = hh::RunProbe,
                                  .bench = hh::RunBench};
  const int code = hh::HelperMain(args, backend, out, std::cerr);
  if (!hh::WriteAll(json_fd, out.str())) return 1;
  // A kernel missed its deadline: the runtime's teardown would block on the hung GPU forever.
  if (hh::GpuWedged()) std::_Exit(code);
  return code;
}
