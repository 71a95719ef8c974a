// SPDX-License-Identifier: MIT
#pragma once
// Identical root causes on several GPUs as one block (issue 15, "output scales"): a per-GPU check
// (CheckInfo::per_gpu) reports one finding per GPU, the same words but for the GPU's address,
// and eight of them are one root cause of the machine, not eight pages.
#include <cstddef>
#include <string>
#include <vector>

#include "rocm_doctor/report.h"

namespace rocm_doctor::terminal {

// Root causes that differ only in their GPU's address (param "bdf"), in the report's order.
struct RootCauseGroup {
  std::vector<const RootCause*> members;  // at least one; the first speaks for the group
  std::vector<std::string> bdfs;          // the members' addresses; empty for a single cause
};

// Two root causes group when they come from the same check with the same code and status, both
// name a GPU by a well-formed PCI address, and their message, remediation text and commands and
// their symptoms are the same once each one's own address is taken out. A malformed address
// (machine data) never groups: it is printed as it came, quoted by the catalog.
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

// The commands of a group, one line each, valid bash as printed: a command all members share is
// printed once; a command that differs only by the address becomes
//   for gpu in 0000:{0c,22}:00.0; do CMD "$gpu" ...; done  # its marks
// (the address as "$gpu" outside quotes, '"$gpu"' inside single quotes); one that differs
// otherwise is printed for each member.
std::vector<std::string> GroupCommands(const RootCauseGroup& group);

}  // namespace rocm_doctor::terminal
