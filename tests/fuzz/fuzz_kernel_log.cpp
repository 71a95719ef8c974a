// SPDX-License-Identifier: MIT
// Kernel log lines: /dev/kmsg records, dmesg output, and the amdgpu message classifier, both
// on its own and through the kernel-log collector.
#include <cstdint>
#include <string>

#include "collect/kernel/kernel_log_parse.h"
#include "fuzz_input.h"
#include "rocm_doctor/fact_store.h"
#include "support/fake_system_view.h"
#include "system/kmsg_parse.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace rocm_doctor;
  const std::string_view text = fuzz::AsText(data, size);
  fuzz::Use(system::ParseKmsgRecord(text));
  fuzz::Use(system::ParseDmesgOutput(text, 64));
  KernelLog log;
  log.state = KernelLog::State::kOk;
  log.source = "/dev/kmsg";
  for (std::string& line : fuzz::Lines(text, 512)) {
    fuzz::Use(system::StripDmesgPrefix(line));
    fuzz::Use(parse::FindBdf(line));
    fuzz::Use(parse::FindPciId(line));
    fuzz::Use(parse::ClassifyKernelLogLine(line));
    log.lines.push_back(std::move(line));
  }
  testing::FakeSystemView view;
  view.Log(std::move(log));
  fuzz::Use(CollectKernelLog(view));
  return 0;
}
