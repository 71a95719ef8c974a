// SPDX-License-Identifier: MIT
#pragma once
// The device-code inventory of libraries.code_objects where there is no GPU to judge it against:
// which gfx targets each installed ROCm library carries, as information. A build host, or a
// container image being prepared on a machine without a GPU, needs exactly this answer ("will
// this image run on our MI300X and RX 7900 nodes?"); with a GPU the check judges the same scans
// against it instead. Defined in device_code_inventory.cpp.
#include <string_view>
#include <vector>

#include "gpu_targets.h"

namespace rocm_doctor::libraries {

constexpr std::string_view kInventoryCommands[] = {
    "roc-obj-ls {path} | awk '{print $2}' | sort -u",
};

// Owned by libraries.code_objects (registered with its other codes).
constexpr FindingSpec kInventoryFinding{
    .code = "libraries.code_object.targets",
    .severity = Status::kInfo,
    .title = "The gfx targets a ROCm library carries device code for (no GPU to judge against)",
    .remediation =
        "No GPU is in the KFD topology (a build host, a container image being prepared, a "
        "virtual machine without passthrough), so the library's device code is listed rather "
        "than judged: the target ids in its .hip_fatbin offload bundles. A GPU can use the "
        "library when one of them is its gfx target (or a generic one covering it), with "
        "matching xnack/sramecc features where named; on a host with the GPU, "
        "libraries.code_objects judges exactly that. roc-obj-ls lists the same targets.",
    .commands = kInventoryCommands};

// The outcome without a GPU: INFO, a finding per library with device code (or whose code could
// not be read), and a summary that groups the libraries carrying the same targets.
CheckOutcome DeviceCodeInventory(const std::vector<const LibraryDir*>& dirs,
                                 const CodeObjectFacts& facts);

}  // namespace rocm_doctor::libraries
