// SPDX-License-Identifier: MIT
#include "hip/args.h"

#include <charconv>
#include <system_error>

namespace rocm_doctor::hip_helper {
namespace {

// A device ordinal: decimal digits only (no sign, no spaces, no hex), fitting in an int.
std::optional<int> ParseDeviceIndex(std::string_view text) {
  if (text.empty() || text.size() > 9 || text.front() == '+' || text.front() == '-') {
    return std::nullopt;
  }
  int value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// A plain decimal number ("0.25", "30", "1e1"): no sign prefix "+", no spaces, no hex, no inf/nan.
std::optional<double> ParseDecimal(std::string_view text) {
  if (text.empty() || text.size() > 32 || text.front() == '+') return std::nullopt;
  for (const char c : text) {
    const bool allowed = (c >= '0' && c <= '9') || c == '.' || c == '-' || c == 'e' || c == 'E';
    if (!allowed) return std::nullopt;
  }
  double value = 0.0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

Result<HelperArgs> ParseHelperArgs(std::span<const std::string_view> args) {
  HelperArgs parsed;
  bool help = false;
  bool version = false;
  bool probe = false;
  bool bench = false;
  bool bench_option = false;  // --level, --only, --memtest-fraction, --stress-seconds
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view arg = args[i];
    // "--name V" or "--name=V"; nullopt when `arg` is not that option.
    std::optional<Result<std::string_view>> value;
    const auto option = [&](std::string_view name, std::string_view what) {
      if (arg == name) {
        if (i + 1 >= args.size()) {
          value = Result<std::string_view>(
              Error{std::string(name) + " needs " + std::string(what)});
        } else {
          value = Result<std::string_view>(args[++i]);
        }
        return true;
      }
      if (arg.size() > name.size() && arg.substr(0, name.size()) == name &&
          arg[name.size()] == '=') {
        value = Result<std::string_view>(arg.substr(name.size() + 1));
        return true;
      }
      return false;
    };
    if (arg == "--help" || arg == "-h") {
      help = true;
    } else if (arg == "--version") {
      version = true;
    } else if (arg == "--probe") {
      probe = true;
    } else if (arg == "--bench") {
      bench = true;
    } else if (arg == "--no-smoke") {
      parsed.smoke = false;
    } else if (option("--device", "a device index")) {
      if (!*value) return Error{value->error()};
      const std::optional<int> index = ParseDeviceIndex(**value);
      if (!index) {
        return Error{"--device: '" + std::string(**value) + "' is not a device index (0, 1, ...)"};
      }
      parsed.device = index;
    } else if (option("--level", "quick, standard or stress")) {
      if (!*value) return Error{value->error()};
      const std::optional<BenchLevel> level = ParseBenchLevel(**value);
      if (!level) {
        return Error{"--level: '" + std::string(**value) + "' is not quick, standard or stress"};
      }
      parsed.level = *level;
      bench_option = true;
    } else if (option("--only", "benchmark names")) {
      if (!*value) return Error{value->error()};
      const std::vector<std::string> items = SplitCommaList(**value);
      if (items.empty()) return Error{"--only needs benchmark names (memory.triad,host ...)"};
      const BenchSelection selection = SelectBenchmarks(items);
      if (selection.unknown) {
        return Error{"--only: '" + *selection.unknown +
                     "' names no benchmark (see --help for the names)"};
      }
      parsed.only = selection.names;
      bench_option = true;
    } else if (option("--memtest-fraction", "a fraction of free memory")) {
      if (!*value) return Error{value->error()};
      const std::optional<double> fraction = ParseDecimal(**value);
      if (!fraction || !(*fraction > 0.0) || *fraction > 0.95) {
        return Error{"--memtest-fraction: '" + std::string(**value) +
                     "' is not a fraction of free memory in (0, 0.95]"};
      }
      parsed.memtest_fraction = fraction;
      bench_option = true;
    } else if (option("--stress-seconds", "a duration in seconds")) {
      if (!*value) return Error{value->error()};
      const std::optional<double> seconds = ParseDecimal(**value);
      if (!seconds || *seconds < 0.0 || *seconds > 86400.0) {
        return Error{"--stress-seconds: '" + std::string(**value) +
                     "' is not a duration from 0 to 86400 seconds"};
      }
      parsed.stress_seconds = seconds;
      bench_option = true;
    } else if (option("--plant-corruption", "a family")) {
      // Hidden, for tests on a GPU: corrupt one output element of every matrix.* GEMM after its
      // timed batches, before verification, and see the check catch it.
      if (!*value) return Error{value->error()};
      if (**value != "matrix") {
        return Error{"--plant-corruption: '" + std::string(**value) + "' is not 'matrix'"};
      }
      parsed.plant_matrix_corruption = true;
      bench_option = true;
    } else {
      return Error{"unknown argument '" + std::string(arg) + "'"};
    }
  }
  if (help) {
    parsed.mode = HelperMode::kHelp;
    return parsed;
  }
  if (version) {
    parsed.mode = HelperMode::kVersion;
    return parsed;
  }
  if (probe && bench) return Error{"give --probe or --bench, not both"};
  if (bench_option && !bench) {
    return Error{"--level, --only, --memtest-fraction and --stress-seconds need --bench"};
  }
  if (bench) {
    if (!parsed.smoke) return Error{"--no-smoke needs --probe"};
    parsed.mode = HelperMode::kBench;
    return parsed;
  }
  if (!probe) {
    if (parsed.device || !parsed.smoke) {
      return Error{"--device and --no-smoke need --probe (--device also works with --bench)"};
    }
    return Error{"nothing to do: give --probe, --bench, --version or --help"};
  }
  parsed.mode = HelperMode::kProbe;
  return parsed;
}

std::string HelperUsage() {
  std::string names;
  for (std::size_t i = 0; i < kBenchNames.size(); ++i) {
    names += (i % 4 == 0) ? "\n      " : " ";
    names += kBenchNames[i];
  }
  return "Usage: rocm-doctor-hip --probe [--device N] [--no-smoke]\n"
         "       rocm-doctor-hip --bench [--level quick|standard|stress] [--only NAME[,NAME...]]\n"
         "                       [--device N] [--memtest-fraction F] [--stress-seconds S]\n"
         "       rocm-doctor-hip --version | --help\n"
         "\n"
         "Probes the GPU runtime this helper was built for (HIP or CUDA) and prints one JSON\n"
         "object on stdout: runtime and driver versions, each device's properties and the\n"
         "result of a small smoke kernel. It exits 0 whenever it printed the JSON, also when\n"
         "there is no device (the JSON carries the runtime's error); 2 on a usage error.\n"
         "With --bench it measures one device instead (memory bandwidth, host transfers, peers,\n"
         "launch latency, peak FMA, matrix engines through the vendor BLAS, memory test,\n"
         "stress) and prints one JSON object of results;\n"
         "exit 3 when there is no device or the runtime failed to start (JSON still printed).\n"
         "\n"
         "  --probe               enumerate devices, query properties, run the smoke kernel\n"
         "  --device N            probe only device N; with --bench the device to measure (0)\n"
         "  --no-smoke            do not allocate memory or launch the smoke kernel\n"
         "  --bench               run the benchmarks (Ctrl-C stops after the current kernel)\n"
         "  --level L             quick (default: all, memory test on a slice, no stress),\n"
         "                        standard (25% memory test, 30 s stress) or stress (90%, 300 s)\n"
         "  --only NAME[,NAME]    only these benchmarks or families (memory, host, peer, launch,\n"
         "                        compute, matrix, memtest, stress); names:" +
         names +
         "\n"
         "  --memtest-fraction F  memory test over F of free memory, 0 < F <= 0.95\n"
         "  --stress-seconds S    length of stress.mixed (0 skips it)\n"
         "  --version             print the helper version and GPU backend\n"
         "  --help                print this text\n";
}

}  // namespace rocm_doctor::hip_helper
