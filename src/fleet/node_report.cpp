// SPDX-License-Identifier: MIT
#include "fleet/node_report.h"

#include <algorithm>
#include <cmath>

#include "fleet/json_cursor.h"
#include "rocm_doctor/bench_thresholds.h"
#include "rocm_doctor/report.h"

namespace rocm_doctor::fleet {
namespace {

bool IsProblemStatus(std::string_view status) {
  return status == "fail" || status == "warn" || status == "unknown" || status == "timeout" ||
         status == "error";
}

bool ReadHost(JsonCursor& c, NodeReport& node, std::optional<std::string>& hostname,
              ReportDetails* details) {
  if (c.Peek() != JsonCursor::Kind::kObject) return c.Skip();
  c.EnterObject();
  std::string_view key;
  while (c.NextKey(key)) {
    if (key == "hostname") {
      hostname = c.ReadOptionalString();
    } else if (key == "kernel") {
      node.kernel = c.ReadOptionalString();
    } else if (key == "os") {
      node.os = c.ReadOptionalString();
    } else if (key == "rocm_release") {
      node.rocm_release = c.ReadOptionalString();
    } else if (details && key == "sysroot") {
      details->sysroot = c.ReadOptionalString();
    } else {
      c.Skip();
    }
  }
  return c.ok();
}

bool ReadTool(JsonCursor& c, NodeReport& node, std::string& name) {
  if (c.Peek() != JsonCursor::Kind::kObject) return c.Skip();
  c.EnterObject();
  std::string_view key;
  while (c.NextKey(key)) {
    if (key == "name") {
      name = c.ReadOptionalString().value_or("");
    } else if (key == "version") {
      node.tool_version = c.ReadOptionalString();
    } else {
      c.Skip();
    }
  }
  return c.ok();
}

bool ReadRootCauses(JsonCursor& c, NodeReport& node, ReportDetails* details) {
  if (c.Peek() != JsonCursor::Kind::kArray) return c.Skip();
  c.EnterArray();
  std::string_view key;
  while (c.NextObjectElement()) {
    std::optional<std::string> code, message, check, status;
    while (c.NextKey(key)) {
      if (key == "code") {
        code = c.ReadOptionalString();
      } else if (key == "message") {
        message = c.ReadOptionalString();
      } else if (details && key == "check") {
        check = c.ReadOptionalString();
      } else if (details && key == "status") {
        status = c.ReadOptionalString();
      } else {
        c.Skip();
      }
    }
    if (code) {
      if (node.root_causes.empty() && message) node.root_cause_message = *message;
      node.root_causes.push_back(*code);
      if (details) {
        details->root_causes.push_back(
            {*code, check.value_or(""), status.value_or(""), message.value_or("")});
      }
    }
  }
  return c.ok();
}

// With `details`: each check's id, layer, title, status and summary.
bool ReadCheckField(JsonCursor& c, std::string_view key, ReportDetails::Check& check) {
  std::string* field = key == "id"        ? &check.id
                       : key == "layer"   ? &check.layer
                       : key == "title"   ? &check.title
                       : key == "status"  ? &check.status
                       : key == "summary" ? &check.summary
                                          : nullptr;
  if (!field) return false;
  *field = c.ReadOptionalString().value_or("");
  return true;
}

// checks[].findings[]: {code, status}; everything else (evidence, remediation) is skipped.
bool ReadChecks(JsonCursor& c, NodeReport& node, ReportDetails* details) {
  if (c.Peek() != JsonCursor::Kind::kArray) return c.Skip();
  c.EnterArray();
  std::string_view key;
  while (c.NextObjectElement()) {
    ReportDetails::Check check;
    while (c.NextKey(key)) {
      if (details && ReadCheckField(c, key, check)) continue;
      if (key != "findings" || c.Peek() != JsonCursor::Kind::kArray) {
        c.Skip();
        continue;
      }
      c.EnterArray();
      while (c.NextObjectElement()) {
        std::optional<std::string> code, status;
        bool waived = false;  // a policy's waiver: the finding does not count (docs/policies/)
        while (c.NextKey(key)) {
          if (key == "code") {
            code = c.ReadOptionalString();
          } else if (key == "status") {
            status = c.ReadOptionalString();
          } else if (key == "waived") {
            waived = c.Peek() != JsonCursor::Kind::kNull;
            c.Skip();
          } else {
            c.Skip();
          }
        }
        if (code && status && !waived && IsProblemStatus(*status)) {
          node.problem_codes.push_back(*code);
        }
      }
    }
    if (details && !check.id.empty()) details->checks.push_back(std::move(check));
  }
  return c.ok();
}

// versions[]: {component, layer, version, source}.
bool ReadVersions(JsonCursor& c, ReportDetails& details) {
  if (c.Peek() != JsonCursor::Kind::kArray) return c.Skip();
  details.has_versions = true;
  c.EnterArray();
  std::string_view key;
  while (c.NextObjectElement()) {
    ReportDetails::Version v;
    while (c.NextKey(key)) {
      std::string* field = key == "component" ? &v.component
                           : key == "layer"   ? &v.layer
                           : key == "version" ? &v.version
                           : key == "source"  ? &v.source
                                              : nullptr;
      if (field) {
        *field = c.ReadOptionalString().value_or("");
      } else {
        c.Skip();
      }
    }
    if (!v.component.empty() && !v.version.empty()) details.versions.push_back(std::move(v));
  }
  return c.ok();
}

std::optional<std::int64_t> WholeNumber(std::optional<double> v) {
  if (!v || !std::isfinite(*v) || std::abs(*v) > 1e15) return std::nullopt;
  return std::llround(*v);
}

struct GpuSeen {
  std::optional<std::string> pci, name;
  std::string partition;  // PartitionLabel of compute_partition and memory_partition
};

bool ReadGpus(JsonCursor& c, NodeReport& node, std::vector<GpuSeen>& gpus) {
  if (c.Peek() != JsonCursor::Kind::kArray) return c.Skip();
  c.EnterArray();
  std::string_view key;
  while (c.NextObjectElement()) {
    std::optional<std::string> pci, name, gfx, device_id, compute_partition, memory_partition;
    while (c.NextKey(key)) {
      if (key == "pci") {
        pci = c.ReadOptionalString();
      } else if (key == "compute_partition") {
        compute_partition = c.ReadOptionalString();
      } else if (key == "memory_partition") {
        memory_partition = c.ReadOptionalString();
      } else if (key == "name") {
        name = c.ReadOptionalString();
      } else if (key == "gfx") {
        gfx = c.ReadOptionalString();
      } else if (key == "device_id") {
        device_id = c.ReadOptionalString();
      } else {
        c.Skip();
      }
    }
    std::string model = name ? *name : gfx ? *gfx : device_id ? "device " + *device_id : "unknown";
    node.gpu_models.push_back(model);
    gpus.push_back({pci, model, PartitionLabel(compute_partition, memory_partition)});
  }
  return c.ok();
}

// Each figure's partition: that of the GPU at its PCI address in gpus[], the sysfs modes of the
// function the helper's device sits on (the logical GPUs of a partitioned GPU share its
// address). That is the most direct word on the mode a figure was measured in: amdgpu's own,
// read in the same run, and amdgpu switches modes only with no KFD process open
// (aqua_vanjaram.c aqua_vanjaram_switch_partition_mode: amdgpu_amdkfd_check_and_lock_kfd
// first), so not while the helper measured. The helper's device compute_units tells a
// partition by its size (38 of an MI300X's 304 CUs in CPX) but not its mode nor the memory
// mode, needs the datasheet's CU count to read, and is in no replayed partitioned machine.
// A figure at no listed address (a runtime that gave none) takes the partition every listed GPU
// of its model shares, when they all share one.
// The GPU listed at a figure's PCI address (the last, as before), or nullptr.
const GpuSeen* GpuAt(const std::vector<GpuSeen>& gpus, const std::string& pci) {
  const GpuSeen* at = nullptr;
  for (const GpuSeen& g : gpus) {
    if (g.pci && *g.pci == pci) at = &g;
  }
  return at;
}

void AssignPartitions(const std::vector<GpuSeen>& gpus, std::vector<BenchFigure>& figures) {
  for (BenchFigure& f : figures) {
    if (const GpuSeen* at = GpuAt(gpus, f.gpu)) {
      f.partition = at->partition;
      continue;
    }
    std::optional<std::string> shared;
    bool agree = true;
    for (const GpuSeen& g : gpus) {
      if (!g.name || *g.name != f.model) continue;
      agree &= !shared || *shared == g.partition;
      shared = g.partition;
    }
    if (agree && shared) f.partition = *shared;
  }
}

// benchmarks[]: {name, unit, status, median, best, device, device_name, pci}. A figure that did
// not come out "ok" or has neither median nor best is not a figure.
// With `details`, every row is kept there, whatever its status.
bool ReadBenchmarks(JsonCursor& c, NodeReport& node, ReportDetails* details) {
  if (c.Peek() != JsonCursor::Kind::kArray) return c.Skip();
  c.EnterArray();
  std::string_view key;
  while (c.NextObjectElement()) {
    std::optional<std::string> name, unit, status, device_name, pci;
    std::optional<double> median, best, device;
    std::optional<std::string> check, reason, limit_kind, verdict;
    std::optional<double> worst, spread, samples, limit;
    std::optional<std::string> threshold;
    while (c.NextKey(key)) {
      if (key == "name") {
        name = c.ReadOptionalString();
      } else if (key == "unit") {
        unit = c.ReadOptionalString();
      } else if (key == "status") {
        status = c.ReadOptionalString();
      } else if (key == "median") {
        median = c.ReadOptionalNumber();
      } else if (key == "best") {
        best = c.ReadOptionalNumber();
      } else if (key == "device") {
        device = c.ReadOptionalNumber();
      } else if (key == "device_name") {
        device_name = c.ReadOptionalString();
      } else if (key == "pci") {
        pci = c.ReadOptionalString();
      } else if (details && key == "check") {
        check = c.ReadOptionalString();
      } else if (details && key == "reason") {
        reason = c.ReadOptionalString();
      } else if (key == "limit_kind") {
        limit_kind = c.ReadOptionalString();
      } else if (key == "verdict") {
        verdict = c.ReadOptionalString();
      } else if (key == "limit") {
        limit = c.ReadOptionalNumber();
      } else if (key == "threshold") {
        threshold = c.ReadOptionalString();
      } else if (details && key == "worst") {
        worst = c.ReadOptionalNumber();
      } else if (details && key == "spread") {
        spread = c.ReadOptionalNumber();
      } else if (details && key == "samples") {
        samples = c.ReadOptionalNumber();
      } else {
        c.Skip();
      }
    }
    if (details && name && unit) {
      auto finite = [](std::optional<double> v) {
        return v && std::isfinite(*v) ? v : std::optional<double>();
      };
      details->benchmarks.push_back({check.value_or(""), *name, *unit, status.value_or(""),
                                     WholeNumber(device), device_name, pci, reason, limit_kind,
                                     verdict, finite(best), finite(median), finite(worst),
                                     finite(spread), WholeNumber(samples)});
    }
    std::optional<double> value = median ? median : best;
    if (!name || !unit || !value || !std::isfinite(*value)) continue;
    if (status && *status != "ok") continue;
    BenchFigure figure;
    figure.name = *name;
    figure.unit = *unit;
    figure.value = *value;
    figure.gpu = pci ? *pci
                 : device && std::isfinite(*device)
                     ? "device " + std::to_string(std::llround(*device))
                     : "GPU";
    figure.model = device_name ? *device_name : "";
    if (limit && std::isfinite(*limit)) figure.limit = limit;
    figure.ceiling = limit_kind && *limit_kind == "ceiling";
    figure.threshold = threshold.value_or("");
    figure.verdict = verdict.value_or("");
    node.figures.push_back(std::move(figure));
  }
  return c.ok();
}

}  // namespace

Result<NodeReport> ReadNodeReport(std::string_view text, std::string_view fallback_node,
                                  ReportDetails* details) {
  if (details) *details = ReportDetails{};
  NodeReport node;
  JsonCursor c(text);
  if (c.Peek() != JsonCursor::Kind::kObject) {
    if (!c.ok()) return Error{"not JSON: " + c.error()};
    return Error{c.Peek() == JsonCursor::Kind::kEnd ? "empty file" : "not a JSON object"};
  }
  c.EnterObject();
  std::optional<double> schema;
  std::optional<std::string> hostname, error, verdict;
  std::string tool_name;
  std::vector<GpuSeen> gpus;
  std::string_view key;
  while (c.NextKey(key)) {
    if (key == "schema_version") {
      schema = c.ReadOptionalNumber();
    } else if (key == "verdict") {
      verdict = c.ReadOptionalString();
    } else if (key == "exit_code") {
      if (auto v = c.ReadOptionalNumber(); v && std::isfinite(*v) && std::abs(*v) < 1e6) {
        node.exit_code = static_cast<int>(*v);
      }
    } else if (key == "started_at") {
      node.started_at = c.ReadOptionalString().value_or("");
    } else if (key == "error") {
      error = c.ReadOptionalString();
    } else if (key == "host") {
      ReadHost(c, node, hostname, details);
    } else if (key == "tool") {
      ReadTool(c, node, tool_name);
    } else if (key == "root_causes") {
      ReadRootCauses(c, node, details);
    } else if (key == "checks") {
      ReadChecks(c, node, details);
    } else if (key == "gpus") {
      ReadGpus(c, node, gpus);
    } else if (key == "benchmarks") {
      ReadBenchmarks(c, node, details);
    } else if (details && key == "versions") {
      ReadVersions(c, *details);
    } else {
      c.Skip();
    }
  }
  if (!c.ok()) return Error{"not JSON: " + c.error()};
  if (!c.AtEnd())
    return Error{"not JSON: text after the report at byte " + std::to_string(c.offset())};
  if (!tool_name.empty() && tool_name != "rocm-doctor") {
    return Error{"not a rocm-doctor report (tool \"" + tool_name + "\")"};
  }
  if (!schema) return Error{"not a rocm-doctor report (no schema_version)"};
  if (*schema > kReportSchemaVersion) {
    return Error{"report schema_version " + std::to_string(static_cast<long long>(*schema)) +
                 " is newer than this rocm-doctor reads (" + std::to_string(kReportSchemaVersion) +
                 ")"};
  }
  if (!verdict) return Error{"not a rocm-doctor report (no verdict)"};
  if (*verdict != "pass" && *verdict != "warn" && *verdict != "fail" && *verdict != "unknown") {
    return Error{"not a rocm-doctor report (verdict \"" + *verdict + "\")"};
  }
  node.verdict = *verdict;
  node.run_error = error;
  node.node = hostname && !hostname->empty() ? *hostname : std::string(fallback_node);
  if (details) details->hostname = hostname;

  std::sort(node.problem_codes.begin(), node.problem_codes.end());
  node.problem_codes.erase(std::unique(node.problem_codes.begin(), node.problem_codes.end()),
                           node.problem_codes.end());
  // A figure without a device name takes the model of the GPU at its PCI address.
  for (BenchFigure& f : node.figures) {
    if (!f.model.empty()) continue;
    if (const GpuSeen* at = GpuAt(gpus, f.gpu); at != nullptr && at->name) f.model = *at->name;
    if (f.model.empty()) f.model = gpus.size() == 1 && gpus[0].name ? *gpus[0].name : "unknown GPU";
  }
  AssignPartitions(gpus, node.figures);
  return node;
}

}  // namespace rocm_doctor::fleet
