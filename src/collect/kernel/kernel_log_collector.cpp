// SPDX-License-Identifier: MIT
// CollectKernelLog: the amdgpu-related events in the kernel log.
#include <array>

#include "collect/kernel/kernel_log_parse.h"
#include "collect/kernel/post_init_events.h"
#include "rocm_doctor/fact_store.h"

namespace rocm_doctor {

KernelLogFacts CollectKernelLog(const SystemView& view) {
  KernelLog log = view.ReadKernelLog();
  KernelLogFacts facts;
  facts.source = log.source;
  switch (log.state) {
    case KernelLog::State::kNotRecorded:
      facts.not_recorded = true;
      facts.error = log.error.empty() ? "not recorded in this capture" : log.error;
      return facts;
    case KernelLog::State::kUnreadable:
      facts.error = log.error.empty() ? "the kernel log could not be read" : log.error;
      return facts;
    case KernelLog::State::kOk:
      break;
  }
  facts.readable = true;
  facts.line_count = log.lines.size();
  constexpr std::size_t kKinds =
      static_cast<std::size_t>(KernelLogEvent::Kind::kResetFailed) + 1;
  std::array<std::size_t, kKinds> per_kind{};
  for (const std::string& line : log.lines) {
    auto event = parse::ClassifyKernelLogLine(line);
    if (!event) event = parse::ClassifyPostInitLine(line);
    if (!event) continue;
    std::size_t& count = per_kind[static_cast<std::size_t>(event->kind)];
    if (facts.events.size() >= kMaxKernelLogEvents || count >= kMaxKernelLogEventsPerKind) {
      facts.events_truncated = true;
      continue;
    }
    ++count;
    facts.events.push_back(std::move(*event));
  }
  return facts;
}

}  // namespace rocm_doctor
