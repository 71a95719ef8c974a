// SPDX-License-Identifier: MIT
// Policy TOML -> Policy, through toml++ (policy/toml_lib.h). Every key is read through a Section
// (policy/policy_section.h), so any key the policy format does not have is an error at its own
// line and column.
#include <algorithm>
#include <cctype>
#include <span>

#include "policy/policy_section.h"
#include "policy/toml_input_guard.h"
#include "rocm_doctor/facts/frameworks_facts.h"
#include "rocm_doctor/facts/gpu_table.h"
#include "rocm_doctor/options.h"
#include "rocm_doctor/policy.h"
#include "system/config_file.h"

namespace rocm_doctor {
namespace {

using policy_toml::Errors;
using policy_toml::OneOf;
using policy_toml::RegionOf;
using policy_toml::Section;

// More than this is not a policy (and a hostile file must not exhaust memory).
constexpr std::size_t kMaxPolicyBytes = 1 << 20;

constexpr std::string_view kFailOn[] = {"fail", "warn"};

std::string Lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

bool IsHex(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(),
                                      [](unsigned char c) { return std::isxdigit(c) != 0; });
}

// "N", "N.N" or "N.N.N", each part at most 4 digits.
bool IsRelease(std::string_view text) {
  int parts = 0;
  std::size_t pos = 0;
  while (true) {
    std::size_t dot = text.find('.', pos);
    std::string_view part = text.substr(pos, dot == std::string_view::npos ? dot : dot - pos);
    if (part.empty() || part.size() > 4 ||
        !std::all_of(part.begin(), part.end(), [](unsigned char c) { return std::isdigit(c); })) {
      return false;
    }
    ++parts;
    if (dot == std::string_view::npos) break;
    pos = dot + 1;
  }
  return parts <= 3;
}

bool IsBdf(std::string_view text) {
  // "0000:c1:00.0": domain:bus:device.function, hex.
  return text.size() == 12 && text[4] == ':' && text[7] == ':' && text[10] == '.' &&
         IsHex(text.substr(0, 4)) && IsHex(text.substr(5, 2)) && IsHex(text.substr(8, 2)) &&
         IsHex(text.substr(11, 1));
}

std::optional<GpuModelRule> ParseGpuRule(const PolicyName& entry, const toml::source_region& region,
                                         const std::string& where, Errors& errors) {
  GpuModelRule rule;
  rule.text = entry.text;
  rule.where = entry.where;
  std::string lower = Lower(entry.text);
  const GpuTable& table = GpuTable::Builtin();
  if (lower.size() > 3 && lower.compare(0, 3, "gfx") == 0 && IsHex(lower.substr(3))) {
    rule.kind = GpuModelRule::Kind::kGfx;
    if (table.FindByGfx(lower).empty()) {
      errors.Add(region,
                 where + " is \"" + entry.text + "\"; no GPU in the GPU table has that ISA");
      return std::nullopt;
    }
    return rule;
  }
  if (std::size_t colon = lower.find(':'); colon != std::string::npos) {
    std::string vendor = lower.substr(0, colon);
    std::string device = lower.substr(colon + 1);
    if (vendor.size() != 4 || device.size() != 4 || !IsHex(vendor) || !IsHex(device)) {
      errors.Add(region, where + " is \"" + entry.text +
                             "\"; a PCI ID is VENDOR:DEVICE in hex, as lspci -nn shows it "
                             "(\"1002:74a1\")");
      return std::nullopt;
    }
    if (vendor != "1002") {
      errors.Add(region, where + " is \"" + entry.text +
                             "\"; rocm-doctor judges AMD GPUs (vendor 1002) only");
      return std::nullopt;
    }
    rule.kind = GpuModelRule::Kind::kPciId;
    rule.device_id = static_cast<std::uint16_t>(std::stoul(device, nullptr, 16));
    return rule;
  }
  rule.kind = GpuModelRule::Kind::kName;
  for (const GpuModel& model : table.Models()) {
    GpuIdentity gpu;
    gpu.name = model.name;
    if (Matches(rule, gpu)) return rule;
  }
  errors.Add(region, where + " is \"" + entry.text +
                         "\"; no GPU in the GPU table (checks/data/amd_gpus.csv) has that name "
                         "(write the end of its name, e.g. \"MI300X\", a gfx target or a PCI ID)");
  return std::nullopt;
}

void ParsePolicySection(Section& top, Policy& policy, Errors& errors) {
  const toml::table* table = top.Table("policy");
  if (table == nullptr) return;
  Section s(*table, "policy", errors);
  if (auto name = s.String("name")) {
    if (name->empty()) {
      errors.Add(RegionOf(*table, "name"), "policy.name is empty");
    } else {
      policy.name = *name;
    }
  }
  if (auto description = s.String("description")) policy.description = *description;
  policy.level = s.Choice("level", kRunLevels);
  policy.fail_on = s.Choice("fail_on", kFailOn);
  s.RejectUnknown();
}

void ParseGpus(Section& top, Policy& policy, Errors& errors) {
  const toml::table* table = top.Table("gpus");
  if (table == nullptr) return;
  policy.gpus_where = errors.At(table->source());
  Section s(*table, "gpus", errors);
  if (auto count = s.Integer("count", 0, 4096)) policy.gpu_count = static_cast<int>(*count);
  std::vector<PolicyName> models = s.Strings("models");
  const toml::array* array = table->get("models") ? table->get("models")->as_array() : nullptr;
  if (array != nullptr && array->empty()) {
    errors.Add(array->source(), "gpus.models is empty; leave it out to accept any model");
  }
  for (std::size_t i = 0; i < models.size(); ++i) {
    const toml::source_region& region = array->get(i)->source();
    std::string where = "gpus.models[" + std::to_string(i) + "]";
    if (auto rule = ParseGpuRule(models[i], region, where, errors)) {
      policy.gpu_models.push_back(*rule);
    }
  }
  s.RejectUnknown();
  if (!policy.gpu_count && policy.gpu_models.empty() && errors.empty()) {
    errors.Add(table->source(), "[gpus] sets neither count nor models");
  }
}

void ParseRocm(Section& top, Policy& policy, Errors& errors) {
  const toml::table* table = top.Table("rocm");
  if (table == nullptr) return;
  policy.rocm_where = errors.At(table->source());
  Section s(*table, "rocm", errors);
  for (auto [key, slot] :
       {std::pair{"min", &policy.rocm_min}, std::pair{"max", &policy.rocm_max}}) {
    std::optional<std::string> value = s.String(key);
    if (!value) continue;
    if (!IsRelease(*value)) {
      errors.Add(RegionOf(*table, key), std::string("rocm.") + key + " is \"" + *value +
                                            "\"; a ROCm release is written \"6\", \"6.2\" or "
                                            "\"6.2.4\"");
      continue;
    }
    *slot = *value;
  }
  s.RejectUnknown();
  if (policy.rocm_min && policy.rocm_max) {
    // min must not be above max on the parts max gives: "6.2.3" .. "6.2" is 6.2.3 to 6.2.x.
    std::optional<int> order = CompareRelease(*policy.rocm_min, *policy.rocm_max);
    if (order && *order > 0) {
      errors.Add(RegionOf(*table, "min"), "rocm.min (" + *policy.rocm_min +
                                              ") is above rocm.max (" + *policy.rocm_max + ")");
    }
  }
  if (!policy.rocm_min && !policy.rocm_max && errors.empty()) {
    errors.Add(table->source(), "[rocm] sets neither min nor max");
  }
}

void ParseFrameworks(Section& top, Policy& policy, Errors& errors) {
  const toml::table* table = top.Table("frameworks");
  if (table == nullptr) return;
  Section s(*table, "frameworks", errors);
  // The frameworks the frameworks layer (checks/frameworks/) knows, by import name.
  std::vector<std::string_view> known;
  for (Framework f : kAllFrameworks) known.push_back(ToString(f));
  for (const PolicyName& name : s.Strings("require")) {
    if (std::find(known.begin(), known.end(), name.text) == known.end()) {
      errors.Add(name.where, "frameworks.require has \"" + name.text +
                                 "\"; the frameworks layer knows " + OneOf(known));
      continue;
    }
    policy.frameworks.push_back(name);
  }
  s.RejectUnknown();
}

void ParseChecks(Section& top, Policy& policy, Errors& errors) {
  const toml::table* table = top.Table("checks");
  if (table == nullptr) return;
  Section s(*table, "checks", errors);
  policy.skip = s.Strings("skip");
  s.RejectUnknown();
}

void ParseWaivers(Section& top, Policy& policy, Errors& errors) {
  std::vector<const toml::table*> tables = top.Tables("waive");
  for (std::size_t i = 0; i < tables.size(); ++i) {
    const toml::table& table = *tables[i];
    std::string name = "waive[" + std::to_string(i) + "]";
    Section s(table, name, errors);
    PolicyWaiver waiver;
    waiver.where = errors.At(table.source());
    std::optional<std::string> code = s.String("code");
    std::optional<std::string> reason = s.String("reason");
    std::optional<std::string> gpu = s.String("gpu");
    s.Require("code", table.source());
    s.Require("reason", table.source());
    if (reason && reason->empty()) {
      errors.Add(RegionOf(table, "reason"), name + ".reason is empty; say why it is accepted");
    }
    if (gpu && !IsBdf(Lower(*gpu))) {
      errors.Add(RegionOf(table, "gpu"),
                 name + ".gpu is \"" + *gpu + "\"; a GPU is its PCI address, \"0000:c1:00.0\"");
      gpu.reset();
    }
    s.RejectUnknown();
    if (!code || !reason) continue;
    waiver.code = *code;
    waiver.reason = *reason;
    if (gpu) waiver.gpu = Lower(*gpu);
    if (const toml::node* node = table.get("code")) waiver.where = errors.At(node->source());
    policy.waivers.push_back(std::move(waiver));
  }
}

void ParseBench(Section& top, Policy& policy, Errors& errors) {
  const toml::table* table = top.Table("bench");
  if (table == nullptr) return;
  Section bench(*table, "bench", errors);
  std::vector<const toml::table*> floors = bench.Tables("floor");
  bench.RejectUnknown();
  for (std::size_t i = 0; i < floors.size(); ++i) {
    const toml::table& t = *floors[i];
    std::string name = "bench.floor[" + std::to_string(i) + "]";
    Section s(t, name, errors);
    std::optional<std::string> model = s.String("model");
    std::optional<std::string> benchmark = s.String("benchmark");
    std::optional<double> gbs = s.Positive("min_gb_per_s");
    for (std::string_view key : {"model", "benchmark", "min_gb_per_s"}) s.Require(key, t.source());
    s.RejectUnknown();
    if (!model || !benchmark || !gbs) continue;
    // Bandwidth benchmarks only: "memory.*", "host.*", "peer.*" measure bytes per second.
    std::string family = benchmark->substr(0, benchmark->find('.'));
    if (benchmark->find('.') == std::string::npos ||
        (family != "memory" && family != "host" && family != "peer")) {
      errors.Add(RegionOf(t, "benchmark"),
                 name + ".benchmark is \"" + *benchmark +
                     "\"; floors in GB/s are for bandwidth benchmarks (memory.*, host.*, peer.*)");
      continue;
    }
    std::optional<GpuModelRule> rule = ParseGpuRule({*model, errors.At(RegionOf(t, "model"))},
                                                    RegionOf(t, "model"), name + ".model", errors);
    if (!rule) continue;
    PolicyBenchFloor floor;
    floor.model = *rule;
    floor.benchmark = *benchmark;
    floor.min_bytes_per_second = *gbs * 1e9;
    floor.where = errors.At(t.source());
    policy.bench_floors.push_back(std::move(floor));
  }
}

std::string FileStem(std::string_view path) {
  std::string_view base = path.substr(
      path.find_last_of('/') == std::string_view::npos ? 0 : path.find_last_of('/') + 1);
  if (base.size() > 5 && base.substr(base.size() - 5) == ".toml") base.remove_suffix(5);
  return std::string(base);
}

}  // namespace

std::string PolicySource::ToString() const {
  return file + ":" + std::to_string(line) + ":" + std::to_string(column);
}

Result<Policy> ParsePolicy(std::string_view toml_text, std::string_view path) {
  if (toml_text.size() > kMaxPolicyBytes) {
    return Error{std::string(path) + ": " + std::to_string(toml_text.size()) +
                 " bytes is too large for a policy (at most " + std::to_string(kMaxPolicyBytes) +
                 ")"};
  }
  if (const std::optional<TextPosition> at = FindNonAsciiOutsideStrings(toml_text)) {
    return Error{std::string(path) + ":" + std::to_string(at->line) + ":" +
                 std::to_string(at->column) +
                 ": non-ASCII text outside a string or comment (keys and values are ASCII)"};
  }
  toml::parse_result parsed = toml::parse(toml_text, path);
  if (!parsed) {
    const toml::parse_error& error = parsed.error();
    return Error{std::string(path) + ":" + std::to_string(error.source().begin.line) + ":" +
                 std::to_string(error.source().begin.column) + ": " +
                 std::string(error.description())};
  }
  const toml::table& root = parsed.table();
  Errors errors{std::string(path)};
  Policy policy;
  policy.path = std::string(path);
  policy.name = FileStem(path);
  Section top(root, "", errors);
  ParsePolicySection(top, policy, errors);
  ParseGpus(top, policy, errors);
  ParseRocm(top, policy, errors);
  ParseFrameworks(top, policy, errors);
  ParseChecks(top, policy, errors);
  ParseWaivers(top, policy, errors);
  ParseBench(top, policy, errors);
  top.RejectUnknown();
  if (!errors.empty()) return Error{errors.Joined()};
  return policy;
}

Result<Policy> ReadPolicyFile(const std::string& path) {
  // The one reader of user-named files: a FIFO, a device or a directory is refused at once, and
  // nothing over kMaxPolicyBytes is read (src/system/config_file.h).
  std::string text;
  if (std::string error = system::ReadUserFileInto(path, kMaxPolicyBytes, text); !error.empty()) {
    return Error{"cannot read policy " + path + ": " + error};
  }
  return ParsePolicy(text, path);
}

}  // namespace rocm_doctor
