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

}  // namespace

Result<HelperArgs> ParseHelperArgs(std::span<const std::string_view> args) {
  HelperArgs parsed;
  bool help = false;
  bool version = false;
  bool probe = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view arg = args[i];
    if (arg == "--help" || arg == "-h") {
      help = true;
    } else if (arg == "--version") {
      version = true;
    } else if (arg == "--probe") {
      probe = true;
    } else if (arg == "--no-smoke") {
      parsed.smoke = false;
    } else if (arg == "--device" || arg.starts_with("--device=")) {
      std::string_view value;
      if (arg == "--device") {
        if (i + 1 >= args.size()) return Error{"--device needs a device index"};
        value = args[++i];
      } else {
        value = arg.substr(std::string_view("--device=").size());
      }
      const std::optional<int> index = ParseDeviceIndex(value);
      if (!index) {
        return Error{"--device: '" + std::string(value) + "' is not a device index (0, 1, ...)"};
      }
      parsed.device = index;
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
  if (!probe) {
    if (parsed.device || !parsed.smoke) return Error{"--device and --no-smoke need --probe"};
    return Error{"nothing to do: give --probe, --version or --help"};
  }
  parsed.mode = HelperMode::kProbe;
  return parsed;
}

std::string HelperUsage() {
  return "Usage: rocm-doctor-hip --probe [--device N] [--no-smoke]\n"
         "       rocm-doctor-hip --version | --help\n"
         "\n"
         "Probes the GPU runtime this helper was built for (HIP or CUDA) and prints one JSON\n"
         "object on stdout: runtime and driver versions, each device's properties and the\n"
         "result of a small smoke kernel. It exits 0 whenever it printed the JSON, also when\n"
         "there is no device (the JSON carries the runtime's error); 2 on a usage error.\n"
         "\n"
         "  --probe       enumerate devices, query properties, run the smoke kernel\n"
         "  --device N    probe only device N\n"
         "  --no-smoke    do not allocate memory or launch the smoke kernel\n"
         "  --version     print the helper version and GPU backend\n"
         "  --help        print this text\n";
}

}  // namespace rocm_doctor::hip_helper
