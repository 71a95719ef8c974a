// SPDX-License-Identifier: MIT
// The whole pipeline on a machine whose key files are the input's parts: every collector,
// every check, the engine and both reporters. The JSON report must always be valid JSON.
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "fuzz_input.h"
#include "rocm_doctor/check.h"
#include "core/diagnose.h"
#include "rocm_doctor/reporters.h"
#include "support/fake_system_view.h"

namespace {

constexpr const char* kPci = "/sys/bus/pci/devices/0000:03:00.0/";
constexpr const char* kFiles[] = {
    "/sys/bus/pci/devices/0000:03:00.0/vendor",
    "/sys/bus/pci/devices/0000:03:00.0/device",
    "/sys/bus/pci/devices/0000:03:00.0/class",
    "/sys/bus/pci/devices/0000:03:00.0/uevent",
    "/sys/bus/pci/devices/0000:03:00.0/current_link_speed",
    "/sys/bus/pci/devices/0000:03:00.0/current_link_width",
    "/sys/bus/pci/devices/0000:03:00.0/mem_info_vram_total",
    "/sys/bus/pci/devices/0000:03:00.0/mem_info_vis_vram_total",
    "/sys/class/kfd/kfd/topology/nodes/0/properties",
    "/sys/class/kfd/kfd/topology/nodes/1/properties",
    "/sys/class/kfd/kfd/topology/nodes/1/gpu_id",
    "/proc/cmdline",
    "/proc/modules",
    "/proc/meminfo",
    "/proc/version",
    "/proc/self/cgroup",
    "/etc/os-release",
    "/etc/modprobe.d/amdgpu.conf",
    "/etc/group",
    "/opt/rocm-6.2.0/.info/version",
    "/opt/rocm-6.2.0/include/hip/hip_version.h",
    "/sys/module/amdgpu/version",
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace rocm_doctor;
  const auto parts = fuzz::SplitParts(fuzz::AsText(data, size), std::size(kFiles));
  auto view = std::make_shared<testing::FakeSystemView>();
  for (std::size_t i = 0; i < parts.size(); ++i) view->File(kFiles[i], std::string(parts[i]));
  view->Link(std::string(kPci) + "driver", "../../../bus/pci/drivers/amdgpu");
  view->File("/sys/class/kfd/kfd/dev", "234:0\n");
  view->Link("/opt/rocm", "rocm-6.2.0");
  NodeInfo kfd;
  kfd.type = NodeType::kCharDevice;
  kfd.mode = 0660;
  kfd.group = "render";
  kfd.major = 234;
  view->Node("/dev/kfd", kfd);

  RunRequest request;
  for (const RegisteredCheck& check : CheckRegistry::Instance().All()) {
    request.checks.push_back(&check);
  }
  request.max_parallel = 1;
  const Report report = Diagnose(view, request, std::string("/fuzz"));
  std::ostringstream json;
  WriteJsonReport(report, json);
  if (nlohmann::json::parse(json.str(), nullptr, false).is_discarded()) std::abort();
  std::ostringstream text;
  WriteTerminalReport(report, text, TerminalStyle{false, true});
  return 0;
}
