#include "fleet/node_report.h"

#include <algorithm>
#include <cmath>

#include "fleet/json_cursor.h"
#include "rocm_doctor/report.h"

namespace rocm_doctor::fleet {
namespace {

bool IsProblemStatus(std::string_view status) {
  return status == "fail" || status == "warn" || status == "unknown" || status == "timeout" ||
         status == "error";
}

bool ReadHost(JsonCursor& c, NodeReport& node, std::optional<std::string>& hostname) {
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

bool ReadRootCauses(JsonCursor& c, NodeReport& node) {
  if (c.Peek() != JsonCursor::Kind::kArray) return c.Skip();
  c.EnterArray();
  std::string_view key;
  while (c.NextElement()) {
    if (c.Peek() != JsonCursor::Kind::kObject) {
      c.Skip();
      continue;
    }
    c.EnterObject();
    std::optional<std::string> code, message;
    while (c.NextKey(key)) {
      if (key == "code") {
        code = c.ReadOptionalString();
      } else if (key == "message") {
        message = c.ReadOptionalString();
      } else {
        c.Skip();
      }
    }
    if (code) {
      if (node.root_causes.empty() && message) node.root_cause_message = *message;
      node.root_causes.push_back(*code);
    }
  }
  return c.ok();
}

// checks[].findings[]: {code, status}; everything else (evidence, remediation) is skipped.
bool ReadChecks(JsonCursor& c, NodeReport& node) {
  if (c.Peek() != JsonCursor::Kind::kArray) return c.Skip();
  c.EnterArray();
  std::string_view key;
  while (c.NextElement()) {
    if (c.Peek() != JsonCursor::Kind::kObject) {
      c.Skip();
      continue;
    }
    c.EnterObject();
    while (c.NextKey(key)) {
      if (key != "findings" || c.Peek() != JsonCursor::Kind::kArray) {
        c.Skip();
        continue;
      }
      c.EnterArray();
      while (c.NextElement()) {
        if (c.Peek() != JsonCursor::Kind::kObject) {
          c.Skip();
          continue;
        }
        c.EnterObject();
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
  }
  return c.ok();
}

struct GpuSeen {
  std::optional<std::string> pci, name;
};

bool ReadGpus(JsonCursor& c, NodeReport& node, std::vector<GpuSeen>& gpus) {
  if (c.Peek() != JsonCursor::Kind::kArray) return c.Skip();
  c.EnterArray();
  std::string_view key;
  while (c.NextElement()) {
    if (c.Peek() != JsonCursor::Kind::kObject) {
      c.Skip();
      continue;
    }
    c.EnterObject();
    std::optional<std::string> pci, name, gfx, device_id;
    while (c.NextKey(key)) {
      if (key == "pci") {
        pci = c.ReadOptionalString();
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
    gpus.push_back({pci, model});
  }
  return c.ok();
}

// benchmarks[]: {name, unit, status, median, best, device, device_name, pci}. A figure that did
// not come out "ok" or has neither median nor best is not a figure.
bool ReadBenchmarks(JsonCursor& c, NodeReport& node) {
  if (c.Peek() != JsonCursor::Kind::kArray) return c.Skip();
  c.EnterArray();
  std::string_view key;
  while (c.NextElement()) {
    if (c.Peek() != JsonCursor::Kind::kObject) {
      c.Skip();
      continue;
    }
    c.EnterObject();
    std::optional<std::string> name, unit, status, device_name, pci;
    std::optional<double> median, best, device;
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
      } else {
        c.Skip();
      }
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
    node.figures.push_back(std::move(figure));
  }
  return c.ok();
}

}  // namespace

Result<NodeReport> ReadNodeReport(std::string_view text, std::string_view fallback_node) {
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
      ReadHost(c, node, hostname);
    } else if (key == "tool") {
      ReadTool(c, node, tool_name);
    } else if (key == "root_causes") {
      ReadRootCauses(c, node);
    } else if (key == "checks") {
      ReadChecks(c, node);
    } else if (key == "gpus") {
      ReadGpus(c, node, gpus);
    } else if (key == "benchmarks") {
      ReadBenchmarks(c, node);
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

  std::sort(node.problem_codes.begin(), node.problem_codes.end());
  node.problem_codes.erase(std::unique(node.problem_codes.begin(), node.problem_codes.end()),
                           node.problem_codes.end());
  // A figure without a device name takes the model of the GPU at its PCI address.
  for (BenchFigure& f : node.figures) {
    if (!f.model.empty()) continue;
    for (const GpuSeen& g : gpus) {
      if (g.pci && *g.pci == f.gpu && g.name) f.model = *g.name;
    }
    if (f.model.empty()) f.model = gpus.size() == 1 && gpus[0].name ? *gpus[0].name : "unknown GPU";
  }
  return node;
}

}  // namespace rocm_doctor::fleet
