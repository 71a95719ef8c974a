// SPDX-License-Identifier: MIT
#pragma once
// Identical root causes on several GPUs as one block (issue 15, "output scales"): a per-GPU check
// (CheckInfo::per_gpu) reports one finding per GPU, the same words but for the GPU's address,
// and eight of them are one root cause of the machine, not eight pages. Computed once for the
// report (Report::root_cause_groups, set by SummarizeReport); reporters print the result.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "rocm_doctor/report.h"

namespace rocm_doctor {

// Two root causes group when they come from the same check with the same code and status, both
// name a GPU by a well-formed PCI address, and their message, remediation text and commands and
// their symptoms are the same once each one's own address is taken out. A malformed address
// (machine data) never groups: it is printed as it came, quoted by the catalog. The groups are
// in the report's order, each with its texts as printed (RootCauseGroup).
std::vector<RootCauseGroup> GroupRootCauses(const std::vector<RootCause>& causes);

// Whether `bdf` is a PCI address as sysfs writes it, "0000:c1:00.0" (hex digits only).
bool IsPciAddress(std::string_view bdf);

// The addresses in few words: those that share their domain and device.function braced by bus,
// "0000:{0a,80,a4}:00.0", the groups joined by `separator` ("0000:{0a,80}:00.0, 0001:0b:00.0");
// one address alone is itself. Only for well-formed addresses (IsPciAddress). In bash each
// braced word is also a brace expansion to the same addresses.
std::string CompactAddresses(const std::vector<std::string>& bdfs,
                             std::string_view separator = ", ");

// `text` with `bdf` replaced by `replacement` everywhere.
std::string ReplaceAddress(std::string_view text, std::string_view bdf,
                           std::string_view replacement);

}  // namespace rocm_doctor
