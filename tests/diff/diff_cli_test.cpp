// SPDX-License-Identifier: MIT
// rocm-doctor diff on pairs of real reports: the built binary writes each report from a replayed
// machine (tests/machines), a test edits a figure where a pair needs one, and the binary diffs
// them. Goldens: tests/golden/diff/ (ROCMDOC_UPDATE_GOLDEN=1 rewrites them).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "support/golden.h"
#include "system/command_runner.h"

namespace rocm_doctor {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

CommandOutcome Doctor(std::vector<std::string> args) {
  CommandSpec spec;
  spec.name = "rocm-doctor";
  spec.argv = {ROCMDOC_BINARY};
  spec.argv.insert(spec.argv.end(), args.begin(), args.end());
  spec.timeout = std::chrono::seconds(60);
  spec.extra_env = {{"NO_COLOR", "1"}};
  CommandOutcome out = RunCommand(spec);
  EXPECT_EQ(out.state, CommandOutcome::State::kExited) << out.error;
  return out;
}

// This process's scratch directory (each test runs in its own process under ctest).
const fs::path& Scratch() {
  static const fs::path dir = [] {
    fs::path d = fs::path(::testing::TempDir()) / ("rocmdoc-diff-" + std::to_string(getpid()));
    fs::remove_all(d);
    fs::create_directories(d);
    return d;
  }();
  return dir;
}

struct Cleanup : ::testing::Environment {
  void TearDown() override { fs::remove_all(Scratch()); }
};
[[maybe_unused]] const auto* const kCleanup = ::testing::AddGlobalTestEnvironment(new Cleanup);

std::string Read(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void Write(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// The report the doctor writes for a replayed machine, with what varies between runs and
// checkouts fixed: the start time, the durations, the checkout's path, the tool version.
json MachineReport(const std::string& machine, bool bench = false) {
  static std::map<std::string, json> cache;
  const std::string key = machine + (bench ? " standard" : "");
  if (auto it = cache.find(key); it != cache.end()) return it->second;
  const std::string dir = std::string(ROCMDOC_SOURCE_DIR) + "/tests/machines/" + machine;
  const fs::path file = Scratch() / ("raw-" + machine + ".json");
  std::vector<std::string> args = {"check", "--sysroot", dir,          "--format",
                                   "json",  "-o",        file.string()};
  if (bench) args.insert(args.end(), {"--level", "standard"});
  Doctor(args);
  json report = json::parse(Read(file), nullptr, false);
  EXPECT_TRUE(report.is_object()) << machine << ": no report";
  if (!report.is_object()) return json::object();
  report["started_at"] = "2026-12-01T10:00:00Z";
  report["duration_ms"] = 0;
  report["tool"]["version"] = "<version>";
  report["host"]["sysroot"] = "<machines>/" + machine;
  report["host"]["system"] = "machine directory <machines>/" + machine;
  for (json& c : report["checks"]) c["duration_ms"] = 0;
  cache[key] = report;
  return report;
}

std::string Save(const json& report, const std::string& name) {
  const fs::path file = Scratch() / name;
  Write(file, report.dump(2));
  return file.string();
}

// The diff's output with the scratch directory's path named <tmp>.
std::string Normalized(std::string text) {
  const std::string dir = Scratch().string();
  for (std::size_t pos; (pos = text.find(dir)) != std::string::npos;) {
    text.replace(pos, dir.size(), "<tmp>");
  }
  return text;
}

json& Benchmark(json& report, const std::string& name) {
  for (json& b : report["benchmarks"]) {
    if (b["name"] == name) return b;
  }
  ADD_FAILURE() << "no benchmark " << name;
  static json none;
  return none;
}

json DiffJson(const std::string& base, const std::string& current, int expected_exit,
              std::vector<std::string> extra = {}) {
  std::vector<std::string> args = {"diff", base, current, "--format", "json"};
  args.insert(args.end(), extra.begin(), extra.end());
  const CommandOutcome out = Doctor(args);
  EXPECT_EQ(out.exit_code, expected_exit) << out.err << out.out.substr(0, 3000);
  json doc = json::parse(out.out, nullptr, false);
  EXPECT_TRUE(doc.is_object()) << out.out.substr(0, 2000);
  return doc.is_object() ? doc : json::object();
}

const json* FindIn(const json& array, const std::string& key, const std::string& value) {
  for (const json& item : array) {
    if (item.value(key, "") == value) return &item;
  }
  return nullptr;
}

TEST(DiffCli, AMachineThatLostKfdAccessRegressesInEveryFormat) {
  const std::string base = Save(MachineReport("rx7900xtx-healthy"), "healthy.json");
  const std::string current = Save(MachineReport("kfd-permission-denied"), "kfd-denied.json");

  const json d = DiffJson(base, current, 1);
  EXPECT_EQ(d["exit_code"], 1);
  EXPECT_EQ(d["regressed"], true);
  EXPECT_EQ(d["verdict"]["change"], "regression");
  const json* cause = FindIn(d["root_causes"], "code", "driver.kfd.permission_denied");
  ASSERT_NE(cause, nullptr) << d["root_causes"].dump();
  EXPECT_EQ((*cause)["change"], "appeared");
  const json* kfd = FindIn(d["checks"], "id", "driver.kfd_access");
  ASSERT_NE(kfd, nullptr);
  EXPECT_EQ((*kfd)["base"], "pass");
  EXPECT_EQ((*kfd)["current"], "fail");
  EXPECT_EQ((*kfd)["change"], "regression");
  EXPECT_EQ(d["same_host"], nullptr);  // replayed machines name no host

  for (const auto& [format, golden] : {std::pair{"terminal", "diff/kfd-denied.txt"},
                                       std::pair{"markdown", "diff/kfd-denied.md"}}) {
    const CommandOutcome out = Doctor({"diff", base, current, "--format", format});
    EXPECT_EQ(out.exit_code, 1) << out.err;
    EXPECT_EQ(testing::CompareWithGolden(golden, Normalized(out.out)), "");
  }
  json normalized = d;
  normalized["tool"]["version"] = "<version>";
  EXPECT_EQ(
      testing::CompareWithGolden("diff/kfd-denied.json", Normalized(normalized.dump(2)) + "\n"),
      "");
}

TEST(DiffCli, TheFixedMachineIsAnImprovementAndExitsZero) {
  const std::string base = Save(MachineReport("kfd-permission-denied"), "kfd-denied.json");
  const std::string current = Save(MachineReport("rx7900xtx-healthy"), "healthy.json");
  const json d = DiffJson(base, current, 0);
  EXPECT_EQ(d["regressions"], 0);
  EXPECT_GT(d["improvements"].get<int>(), 0);
  const json* cause = FindIn(d["root_causes"], "code", "driver.kfd.permission_denied");
  ASSERT_NE(cause, nullptr);
  EXPECT_EQ((*cause)["change"], "cleared");
}

TEST(DiffCli, AReportAgainstItselfHasNoChange) {
  const std::string base = Save(MachineReport("mi300x-bench-healthy", true), "bench.json");
  const json d = DiffJson(base, base, 0);
  EXPECT_EQ(d["checks"].size(), 0u);
  EXPECT_EQ(d["versions"].size(), 0u);
  EXPECT_EQ(d["improvements"], 0);
  EXPECT_GT(d["benchmarks"].size(), 10u);
  for (const json& f : d["benchmarks"]) {
    EXPECT_EQ(f["change"], "none") << f.dump();
    if (f["unit"] != "errors") EXPECT_EQ(f["ratio"], 1.0) << f.dump();
  }
}

TEST(DiffCli, SlowMemoryOnTheSameServerRegresses) {
  const std::string base = Save(MachineReport("mi300x-bench-healthy", true), "bench.json");
  const std::string current = Save(MachineReport("bench-memory-low", true), "memory-low.json");
  const json d = DiffJson(base, current, 1);
  const json* triad = FindIn(d["benchmarks"], "name", "memory.triad");
  ASSERT_NE(triad, nullptr);
  EXPECT_EQ((*triad)["change"], "regression");
  EXPECT_LT((*triad)["ratio"].get<double>(), 0.6);
  EXPECT_EQ((*triad)["better"], "higher");
  EXPECT_EQ((*triad)["band_basis"], "spread");
  const json* memory = FindIn(d["checks"], "id", "bench.memory");
  ASSERT_NE(memory, nullptr);
  EXPECT_EQ((*memory)["change"], "regression");

  const CommandOutcome out = Doctor({"diff", base, current});
  EXPECT_EQ(out.exit_code, 1);
  EXPECT_EQ(testing::CompareWithGolden("diff/memory-low.txt", Normalized(out.out)), "");
}

// The healthy bench report with one figure edited: what a week's drift looks like.
TEST(DiffCli, AFigureWithinItsSpreadIsNoiseAndBeyondItARegression) {
  json healthy = MachineReport("mi300x-bench-healthy", true);
  const std::string base = Save(healthy, "bench.json");
  const double spread = Benchmark(healthy, "memory.triad")["spread"];
  ASSERT_GT(spread, 0.01);  // 1.8%: wider than the minimum band, so the spread decides

  json noise = healthy;
  json& triad = Benchmark(noise, "memory.triad");
  triad["median"] = triad["median"].get<double>() * (1 - spread / 2);
  json d = DiffJson(base, Save(noise, "triad-noise.json"), 0);
  const json* f = FindIn(d["benchmarks"], "name", "memory.triad");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ((*f)["change"], "none");
  EXPECT_NEAR((*f)["ratio"].get<double>(), 1 - spread / 2, 1e-9);

  json slow = healthy;
  Benchmark(slow, "memory.triad")["median"] =
      Benchmark(slow, "memory.triad")["median"].get<double>() * 0.9;
  d = DiffJson(base, Save(slow, "triad-slow.json"), 1);
  f = FindIn(d["benchmarks"], "name", "memory.triad");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ((*f)["change"], "regression");
  EXPECT_EQ(d["regressions"], 1);  // still above its floor: no check moved, only the figure
  EXPECT_EQ(d["checks"].size(), 0u);

  // Launch latency: lower is better, and its runs spread by ~19%.
  json latency = healthy;
  json& roundtrip = Benchmark(latency, "launch.roundtrip");
  const double median = roundtrip["median"];
  roundtrip["median"] = median * 1.1;
  d = DiffJson(base, Save(latency, "latency-noise.json"), 0);
  EXPECT_EQ((*FindIn(d["benchmarks"], "name", "launch.roundtrip"))["change"], "none");
  roundtrip["median"] = median * 1.6;
  d = DiffJson(base, Save(latency, "latency-slow.json"), 1);
  f = FindIn(d["benchmarks"], "name", "launch.roundtrip");
  EXPECT_EQ((*f)["change"], "regression");
  EXPECT_EQ((*f)["better"], "lower");
  // --min-band 70: nothing is beyond noise any more.
  d = DiffJson(base, Save(latency, "latency-slow.json"), 0, {"--min-band", "70"});
  EXPECT_EQ(d["regressions"], 0);
}

TEST(DiffCli, AGoldenNodeAgainstAnotherHostMatchesGpusByOrdinal) {
  json golden = MachineReport("mi300x-bench-healthy", true);
  golden["host"]["hostname"] = "golden-01";
  json node = golden;
  node["host"]["hostname"] = "gpu-07";
  node["host"]["kernel"] = "6.8.0-50-generic";
  for (json& b : node["benchmarks"]) b["pci"] = "0000:1b:00.0";
  for (json& v : node["versions"]) {
    if (v["component"] == "amdgpu") v["version"] = "6.12.12";
  }
  const std::string base = Save(golden, "golden-01.json");
  const std::string current = Save(node, "gpu-07.json");
  const json d = DiffJson(base, current, 0);
  EXPECT_EQ(d["same_host"], false);
  const json* triad = FindIn(d["benchmarks"], "name", "memory.triad");
  ASSERT_NE(triad, nullptr);
  EXPECT_EQ((*triad)["change"], "none");
  EXPECT_EQ((*triad)["device"], "0000:0c:00.0 -> 0000:1b:00.0");
  const json* kernel = FindIn(d["versions"], "component", "kernel");
  ASSERT_NE(kernel, nullptr);
  EXPECT_EQ((*kernel)["current"], "6.8.0-50-generic");
  const json* amdgpu = FindIn(d["versions"], "component", "amdgpu");
  ASSERT_NE(amdgpu, nullptr) << d["versions"].dump();
  EXPECT_EQ((*amdgpu)["current"], "6.12.12");

  const CommandOutcome out = Doctor({"diff", base, current, "--format", "terminal"});
  EXPECT_NE(out.out.find("different hosts: golden-01 (base) and gpu-07 (current)"),
            std::string::npos)
      << out.out;
}

// The report's versions section (docs/report.schema.json), which diff compares.
TEST(DiffCli, ReportsCarryComponentVersionsWithTheirSources) {
  const json dkms = MachineReport("mi300x-bench-healthy", true);
  const json* amdgpu = FindIn(dkms["versions"], "component", "amdgpu");
  ASSERT_NE(amdgpu, nullptr) << dkms["versions"].dump();
  EXPECT_EQ((*amdgpu)["version"], "6.10.5");
  EXPECT_EQ((*amdgpu)["source"], "/sys/module/amdgpu/version");
  EXPECT_EQ((*amdgpu)["layer"], "driver");

  const json torch = MachineReport("torch-rocm-healthy");
  amdgpu = FindIn(torch["versions"], "component", "amdgpu");
  ASSERT_NE(amdgpu, nullptr) << torch["versions"].dump();
  EXPECT_EQ((*amdgpu)["version"], "in-tree, Linux 6.8.0-45-generic");
  const json* fw = FindIn(torch["versions"], "component", "torch");
  ASSERT_NE(fw, nullptr) << torch["versions"].dump();
  EXPECT_EQ((*fw)["layer"], "frameworks");
  EXPECT_EQ((*fw)["version"].get<std::string>().rfind("2.5.1", 0), 0u) << fw->dump();
  const json libraries = MachineReport("libraries-version-mismatch");
  const json* rocblas = FindIn(libraries["versions"], "component", "rocBLAS");
  ASSERT_NE(rocblas, nullptr) << libraries["versions"].dump();
  EXPECT_EQ((*rocblas)["layer"], "libraries");
  EXPECT_EQ((*rocblas)["version"], "4.2.60200");
  EXPECT_EQ((*rocblas)["source"], "/opt/rocm-6.2.0/lib/librocblas.so.4.2.60200");

  // A run that looks at the hardware only reads no version (and lists none).
  const fs::path file = Scratch() / "hardware-only.json";
  Doctor({"check", "--sysroot",
          std::string(ROCMDOC_SOURCE_DIR) + "/tests/machines/mi300x-bench-healthy", "--only",
          "hardware", "--format", "json", "-o", file.string()});
  const json hardware = json::parse(Read(file), nullptr, false);
  ASSERT_TRUE(hardware.is_object());
  EXPECT_EQ(hardware["versions"], json::array());
}

TEST(DiffCli, OutputFilesAndTheirErrors) {
  const std::string base = Save(MachineReport("rx7900xtx-healthy"), "healthy.json");
  const fs::path md = Scratch() / "out.md";
  const fs::path js = Scratch() / "out.json";
  CommandOutcome out = Doctor(
      {"diff", base, base, "-o", "markdown=" + md.string(), "-o", js.string(), "--format", "json"});
  EXPECT_EQ(out.exit_code, 0) << out.err;
  EXPECT_EQ(out.out, "");
  EXPECT_NE(Read(md).find("## rocm-doctor diff: ✅ no regression"), std::string::npos);
  EXPECT_EQ(json::parse(Read(js), nullptr, false)["exit_code"], 0);

  out = Doctor({"diff", base, base, "-o", "junit=" + (Scratch() / "x.xml").string()});
  EXPECT_EQ(out.exit_code, 2);
  EXPECT_NE(out.err.find("diff writes terminal, json or markdown"), std::string::npos) << out.err;
  out = Doctor({"diff", base});
  EXPECT_EQ(out.exit_code, 2);
}

// Files that are no report: a clear error and exit 2, never a crash or a hang.
TEST(DiffCli, HostileInputIsAClearError) {
  const std::string good = Save(MachineReport("rx7900xtx-healthy"), "healthy.json");
  const std::string text = Read(good);
  const fs::path dir = Scratch();
  Write(dir / "truncated.json", text.substr(0, text.size() / 3));
  Write(dir / "other.json", R"({"name": "not a report", "items": [1, 2, 3]})");
  json newer = json::parse(text);
  newer["schema_version"] = 2;
  Write(dir / "newer.json", newer.dump());
  Write(dir / "empty.json", "");
  Write(dir / "array.json", "[1, 2]");
  Write(dir / "binary.json", std::string("\x7f"
                                         "ELF\x02\x01\x01\0\0\0",
                                         10));
  {
    // Bigger than any report could be: refused by its size, without reading it.
    const int fd = ::open((dir / "huge.json").c_str(), O_CREAT | O_WRONLY | O_TRUNC, 0644);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(::ftruncate(fd, off_t{65} << 20), 0);
    ::close(fd);
  }
  const CommandOutcome failed_run =
      Doctor({"check", "--sysroot", (dir / "gone").string(), "--format", "json"});
  Write(dir / "run-failed.json", failed_run.out);

  const std::pair<std::string, std::string> cases[] = {
      {"truncated.json", "not JSON"},
      {"other.json", "not a rocm-doctor report (no schema_version)"},
      {"newer.json", "report schema_version 2 is newer than this rocm-doctor reads (1)"},
      {"empty.json", "empty file"},
      {"array.json", "not a JSON object"},
      {"binary.json", "not a JSON object"},
      {"huge.json", "larger than 64 MiB"},
      {"missing.json", "No such file or directory"},
      {"run-failed.json", "an error report, the run failed before checking"},
      {"", "not a regular file"},  // the directory itself
  };
  for (const auto& [name, reason] : cases) {
    const std::string path = name.empty() ? dir.string() : (dir / name).string();
    CommandOutcome out = Doctor({"diff", good, path});
    EXPECT_EQ(out.exit_code, 2) << name << ": " << out.err;
    EXPECT_NE(out.err.find("current report " + path + ": " + reason), std::string::npos)
        << name << ": " << out.err;
    EXPECT_EQ(out.out, "") << name;
    out = Doctor({"diff", path, good, "--format", "json"});
    EXPECT_EQ(out.exit_code, 2) << name;
    const json doc = json::parse(out.out, nullptr, false);
    ASSERT_TRUE(doc.is_object()) << name << ": " << out.out;
    EXPECT_EQ(doc["exit_code"], 2);
    EXPECT_NE(doc.value("error", "").find("base report " + path + ": " + reason), std::string::npos)
        << name << ": " << doc.dump();
  }
}

}  // namespace
}  // namespace rocm_doctor
