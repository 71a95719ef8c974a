// SPDX-License-Identifier: MIT
#include "knowledge/xgmi_hive.h"

#include <algorithm>
#include <set>

#include "rocm_doctor/shell_quote.h"

namespace rocm_doctor::knowledge {
namespace {

ResetScope FromSysfs(std::string_view bdf, const XgmiFacts& xgmi) {
  ResetScope scope;
  const XgmiDevice* self = nullptr;
  for (const XgmiDevice& d : xgmi.devices) {
    if (d.bdf == bdf) self = &d;
  }
  if (self == nullptr || !self->hive_id.known() || *self->hive_id == 0) return scope;
  std::set<std::string> peers;
  for (const XgmiDevice& d : xgmi.devices) {
    if (d.bdf != bdf && d.hive_id.known() && *d.hive_id == *self->hive_id) peers.insert(d.bdf);
  }
  scope.bdfs.emplace_back(bdf);
  scope.bdfs.insert(scope.bdfs.end(), peers.begin(), peers.end());
  scope.basis = "XGMI hive " + std::to_string(*self->hive_id) + " (" + self->hive_id.source + ")";
  return scope;
}

ResetScope FromKfd(std::string_view bdf, const KfdTopology& kfd) {
  ResetScope scope;
  std::optional<std::uint64_t> hive;
  for (const KfdNode* n : kfd.GpuNodes()) {
    if (n->PciBdf() == bdf) {
      if (auto h = n->Get("hive_id"); h && *h != 0) hive = h;
    }
  }
  if (!hive) return scope;
  std::set<std::string> peers;
  for (const KfdNode* n : kfd.GpuNodes()) {
    std::string other = n->PciBdf();
    if (auto h = n->Get("hive_id"); h && *h == *hive && !other.empty() && other != bdf) {
      peers.insert(other);
    }
  }
  scope.bdfs.emplace_back(bdf);
  scope.bdfs.insert(scope.bdfs.end(), peers.begin(), peers.end());
  scope.basis = "KFD hive_id " + std::to_string(*hive) + " (" + kfd.source + ")";
  return scope;
}

}  // namespace

ResetScope GpusResetTogether(std::string_view bdf, const XgmiFacts& xgmi, const KfdTopology& kfd) {
  ResetScope scope = FromSysfs(bdf, xgmi);
  if (scope.bdfs.empty()) scope = FromKfd(bdf, kfd);
  if (scope.bdfs.empty()) {
    scope.bdfs.emplace_back(bdf);
    scope.basis = "in no XGMI hive";
  }
  return scope;
}

std::string JoinBdfs(const std::vector<std::string>& bdfs, std::string_view separator) {
  std::string out;
  for (const std::string& b : bdfs) {
    if (!out.empty()) out += separator;
    out += b;
  }
  return out;
}

ResetNotice ResetNoticeFor(const ResetScope& scope) {
  ResetNotice out;
  out.params["reset_bdfs"] = JoinBdfs(scope.bdfs);
  out.params["reset_bdfs_quoted"] = ShellQuoteWords(scope.bdfs);
  out.text = scope.bdfs.size() > 1
                 ? "A reset takes down its whole hive together: " + JoinBdfs(scope.bdfs, ", ") +
                       " (" + scope.basis + ")."
                 : "It is in no XGMI hive: a reset takes down this GPU alone.";
  return out;
}

}  // namespace rocm_doctor::knowledge
