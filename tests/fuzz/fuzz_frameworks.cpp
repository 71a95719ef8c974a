// SPDX-License-Identifier: MIT
// The frameworks layer's text: Python version files and build_info.py (assignments), dist-info
// METADATA and directory names, local version labels, pyvenv.cfg, pyenv version files, search
// paths, and the framework probe's stdout and JSON report.
#include <cstdint>
#include <string>

#include "collect/frameworks/framework_parse.h"
#include "collect/frameworks/framework_probe_parse.h"
#include "collect/python/python_parse.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace rocm_doctor;
  const std::string_view text = fuzz::AsText(data, size);
  fuzz::Use(framework::ParseAssignments(text));
  fuzz::Use(framework::ParseMetadata(text));
  fuzz::Use(framework::ParseTfBuildInfo(text));
  const std::string line(text.substr(0, text.find('\n')));
  fuzz::Use(framework::ParseDistDirName(line));
  fuzz::Use(framework::NormalizeDistName(line));
  fuzz::Use(framework::ParseLocalVersion(line));
  fuzz::Use(framework::MajorMinor(line));
  fuzz::Use(framework::ParseJaxPluginName(framework::NormalizeDistName(line)));
  fuzz::Use(python::ParsePyvenvCfg(text));
  fuzz::Use(python::ParsePyenvVersions(text));
  fuzz::Use(python::IsPyenvShim(text));
  fuzz::Use(python::SplitSearchPath(text));
  fuzz::Use(python::MinorFromExecutableName(line));
  fuzz::Use(python::MinorOfVersion(line));
  const auto halves = fuzz::SplitParts(text, 2);
  fuzz::Use(python::VersionLess(halves[0], halves[1]));
  const framework::ProbeOutput output = framework::ScanProbeOutput(text);
  fuzz::Use(framework::ParseProbeReport(output.report ? *output.report : std::string(text)));
  return 0;
}
