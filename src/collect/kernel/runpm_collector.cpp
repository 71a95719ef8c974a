// SPDX-License-Identifier: MIT
#include "collect/kernel/runpm_collector.h"

#include <string>

#include "base/text_parse.h"
#include "collect/common/sysfs_reader.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor::kernel_parts {

Fact<std::string> ParseRunpm(Fact<std::string> raw) {
  if (!raw.known()) return raw;
  // module_param_named(runpm, amdgpu_runtime_pm, int, 0444): "%d\n". A sane int is a few bytes.
  std::string_view text = *raw;
  std::string_view digits = text.substr(!text.empty() && text[0] == '-' ? 1 : 0);
  bool ok = !digits.empty() && digits.size() <= 10 &&
            digits.find_first_not_of("0123456789") == std::string_view::npos;
  if (!ok) {
    return Fact<std::string>::Unknown(raw.source,
                                      "unexpected value '" + parse::Printable(text, 40) + "'");
  }
  return raw;
}

void CollectRunpm(const SystemView& view, KernelFacts& facts) {
  const std::string path = JoinPath(paths::kModuleAmdgpu, "parameters/runpm");
  facts.amdgpu_runpm = ParseRunpm(ReadText(view, path));
}

}  // namespace rocm_doctor::kernel_parts
