// SPDX-License-Identifier: MIT
// The parsers of framework files: version modules, METADATA, dist-info names, local version
// labels, TensorFlow's build_info.py and JAX plugin names - real texts first, then hostile ones.
#include "collect/frameworks/framework_parse.h"

#include <gtest/gtest.h>

namespace rocm_doctor::framework {
namespace {

TEST(Assignments, TorchVersionPyOfDebian) {
  // /usr/lib/python3/dist-packages/torch/version.py of Debian 12's python3-torch 1.13.1.
  auto v = ParseAssignments(
      "__version__ = '1.13.0a0'\ndebug = False\ncuda = None\ngit_version = 'Unknown'\nhip = "
      "None\n");
  EXPECT_EQ(v["__version__"].kind, PyLiteral::Kind::kString);
  EXPECT_EQ(v["__version__"].text, "1.13.0a0");
  EXPECT_EQ(v["hip"].kind, PyLiteral::Kind::kNone);
  EXPECT_EQ(v["cuda"].kind, PyLiteral::Kind::kNone);
  EXPECT_EQ(v["debug"].kind, PyLiteral::Kind::kBool);
}

TEST(Assignments, AnnotationsChainsQuotesAndComments) {
  auto v = ParseAssignments(
      "from typing import Optional\n"
      "cuda: Optional[str] = None\n"
      "hip: Optional[str] = \"6.2.41133-dd7f95766\"  # the ROCm build\n"
      "__version__ = version = '0.6.3+rocm624'\n"
      "__version_tuple__ = version_tuple = (0, 6, 3)\n"
      "    indented = 'block'\n"
      "if x == 'y': pass\n"
      "esc = 'it\\'s'\n"
      "weird = 'unterminated\n"
      "hip = '6.2.41133-dd7f95766'\r\n");
  EXPECT_EQ(v["cuda"].kind, PyLiteral::Kind::kNone);
  EXPECT_EQ(v["hip"].text, "6.2.41133-dd7f95766");
  EXPECT_EQ(v["__version__"].text, "0.6.3+rocm624");
  EXPECT_EQ(v["version"].text, "0.6.3+rocm624");
  EXPECT_EQ(v["version_tuple"].kind, PyLiteral::Kind::kOther);
  EXPECT_EQ(v.count("indented"), 0u);
  EXPECT_EQ(v.count("if"), 0u);
  EXPECT_EQ(v["esc"].text, "it's");
  EXPECT_EQ(v["weird"].kind, PyLiteral::Kind::kOther);
}

TEST(Assignments, HostileInput) {
  EXPECT_TRUE(ParseAssignments("").empty());
  EXPECT_TRUE(ParseAssignments(std::string(100000, '=')).empty());
  EXPECT_TRUE(ParseAssignments(std::string("\0\0=\0", 4)).empty());
  auto v = ParseAssignments("a = [1, 2, '=', 3]\nb = = 3\n");
  EXPECT_EQ(v["a"].kind, PyLiteral::Kind::kOther);
}

TEST(Metadata, HeadersStopAtTheBody) {
  auto m = ParseMetadata(
      "Metadata-Version: 2.1\r\nName: torch\r\nVersion: 2.5.1+rocm6.2\r\nSummary: Tensors\r\n"
      "  folded continuation\r\n\r\nVersion: 9.9.9\nName: not-a-header\n");
  EXPECT_EQ(m.name, "torch");
  EXPECT_EQ(m.version, "2.5.1+rocm6.2");
  EXPECT_FALSE(ParseMetadata("").name.has_value());
  EXPECT_FALSE(ParseMetadata("Version:\n").version.has_value());
  EXPECT_FALSE(ParseMetadata("\nName: x\n").name.has_value());
}

TEST(DistNames, WheelAndEggInfo) {
  auto a = ParseDistDirName("torch-2.5.1+rocm6.2.dist-info");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->name, "torch");
  EXPECT_EQ(a->version, "2.5.1+rocm6.2");
  auto b = ParseDistDirName("onnxruntime_rocm-1.17.0.dist-info");
  ASSERT_TRUE(b);
  EXPECT_EQ(b->name, "onnxruntime-rocm");
  auto c = ParseDistDirName("torch-1.13.0a0+gitunknown.egg-info");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->version, "1.13.0a0+gitunknown");
  auto d = ParseDistDirName("torch-1.13.0-py3.11.egg-info");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->version, "1.13.0");
  EXPECT_EQ(ParseDistDirName("Jax_ROCm60_Plugin-0.4.35.dist-info")->name, "jax-rocm60-plugin");
  EXPECT_FALSE(ParseDistDirName("torch"));
  EXPECT_FALSE(ParseDistDirName(".dist-info"));
  EXPECT_FALSE(ParseDistDirName("-1.0.dist-info"));
  EXPECT_FALSE(ParseDistDirName("torch-.dist-info"));
  EXPECT_FALSE(ParseDistDirName("torchvision"));
  EXPECT_EQ(NormalizeDistName("TensorFlow_ROCm"), "tensorflow-rocm");
  EXPECT_EQ(NormalizeDistName("a.__b"), "a-b");
}

TEST(LocalVersion, Labels) {
  struct Case {
    std::string version;
    BuildFlavor flavor;
    std::string release;
  } cases[] = {
      {"2.5.1+rocm6.2", BuildFlavor::kRocm, "6.2"},
      {"2.4.0+rocm6.1.3", BuildFlavor::kRocm, "6.1"},
      {"0.6.3+rocm624", BuildFlavor::kRocm, "6.2"},
      {"0.6.4.dev12+g1234abc.rocm624", BuildFlavor::kRocm, "6.2"},
      {"2.5.1+cu121", BuildFlavor::kCuda, "12.1"},
      {"2.0.1+cu118", BuildFlavor::kCuda, "11.8"},
      {"2.5.1+cpu", BuildFlavor::kCpu, ""},
      {"2.5.1+cpu.cxx11.abi", BuildFlavor::kCpu, ""},
      {"2.5.1", BuildFlavor::kUnknown, ""},
      {"1.13.0a0+gitunknown", BuildFlavor::kUnknown, ""},
      {"1.0+cucumber", BuildFlavor::kUnknown, ""},
      {"1.0+", BuildFlavor::kUnknown, ""},
      {"", BuildFlavor::kUnknown, ""},
      {"1.0+ROCm6.0", BuildFlavor::kRocm, "6.0"},
      {"1.0+rocm", BuildFlavor::kRocm, ""},
  };
  for (const Case& c : cases) {
    LocalVersion v = ParseLocalVersion(c.version);
    EXPECT_EQ(v.flavor, c.flavor) << c.version;
    EXPECT_EQ(v.release, c.release) << c.version;
  }
  EXPECT_EQ(MajorMinor("6.2.41133-dd7f95766"), "6.2");
  EXPECT_EQ(MajorMinor("12.1"), "12.1");
  EXPECT_EQ(MajorMinor("6"), "");
  EXPECT_EQ(MajorMinor("x.y"), "");
  EXPECT_EQ(MajorMinor(""), "");
}

TEST(TfBuildInfo, DictAndOrderedDict) {
  auto rocm = ParseTfBuildInfo(
      "build_info = collections.OrderedDict([('cpu_compiler', '/usr/bin/gcc'), "
      "('is_cuda_build', False), ('is_rocm_build', True), ('is_tensorrt_build', False), "
      "('rocm_version', '6.1.0')])\n");
  EXPECT_EQ(rocm.is_rocm_build, true);
  EXPECT_EQ(rocm.is_cuda_build, false);
  EXPECT_EQ(rocm.rocm_version, "6.1.0");
  auto cuda = ParseTfBuildInfo(
      "build_info = {\"cuda_version\": \"12.3\", \"is_cuda_build\": True, \"is_rocm_build\": "
      "False}\n");
  EXPECT_EQ(cuda.is_cuda_build, true);
  EXPECT_EQ(cuda.cuda_version, "12.3");
  EXPECT_FALSE(ParseTfBuildInfo("").is_rocm_build);
  EXPECT_FALSE(ParseTfBuildInfo("'is_rocm_build'").is_rocm_build);
  EXPECT_FALSE(ParseTfBuildInfo("'rocm_version': '6.1").rocm_version);
}

TEST(JaxPlugins, Names) {
  auto rocm = ParseJaxPluginName("jax-rocm60-plugin");
  ASSERT_TRUE(rocm);
  EXPECT_EQ(rocm->flavor, BuildFlavor::kRocm);
  EXPECT_EQ(rocm->release, "6.0");
  EXPECT_EQ(ParseJaxPluginName("jax-rocm7-pjrt")->release, "7");
  EXPECT_EQ(ParseJaxPluginName("jax-cuda12-plugin")->flavor, BuildFlavor::kCuda);
  EXPECT_FALSE(ParseJaxPluginName("jax-rocm-plugin"));
  EXPECT_FALSE(ParseJaxPluginName("jax-rocm60-extras"));
  EXPECT_FALSE(ParseJaxPluginName("jaxlib"));
}

}  // namespace
}  // namespace rocm_doctor::framework
