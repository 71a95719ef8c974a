// SPDX-License-Identifier: MIT
// FrameworkFacts: the frameworks each environment imports and the build their files state.
#include <gtest/gtest.h>

#include "checks/frameworks/frameworks_fixture.h"
#include "rocm_doctor/facts/frameworks_facts.h"

namespace rocm_doctor::testing {
namespace {

FrameworkFacts CollectFrameworks(const FakeSystemView& view) { return CollectFacts<FrameworkFacts>(view); }

// A copy: the facts are often a temporary.
FrameworkInstall Only(const FrameworkFacts& facts, Framework framework) {
  std::vector<const FrameworkInstall*> all = facts.Installs(framework);
  EXPECT_EQ(all.size(), 1u);
  return all.empty() ? FrameworkInstall{} : *all.front();
}

TEST(FrameworkCollector, DebianCpuTorchWithEggInfo) {
  // Debian 12's python3-torch 1.13.1: version.py and torch-1.13.0a0+gitunknown.egg-info/PKG-INFO.
  FakeSystemView view;
  AddSystemPython(view);
  view.File(std::string(kDist) + "/torch/version.py",
            "__version__ = '1.13.0a0'\ndebug = False\ncuda = None\ngit_version = "
            "'Unknown'\nhip = None\n");
  view.File(std::string(kDist) + "/torch-1.13.0a0+gitunknown.egg-info/PKG-INFO",
            "Metadata-Version: 2.1\nName: torch\nVersion: 1.13.0a0+gitunknown\n");
  view.File(std::string(kDist) + "/torch/lib/libtorch_cpu.so", "");
  view.File(std::string(kDist) + "/torchgen/__init__.py", "");
  FrameworkFacts facts = CollectFrameworks(view);
  const FrameworkInstall torch = Only(facts, Framework::kTorch);
  EXPECT_EQ(torch.flavor, BuildFlavor::kCpu);
  EXPECT_EQ(*torch.version, "1.13.0a0");
  EXPECT_EQ(*torch.metadata_version, "1.13.0a0+gitunknown");
  EXPECT_EQ(torch.distribution, "torch");
  EXPECT_EQ(torch.metadata_path,
            std::string(kDist) + "/torch-1.13.0a0+gitunknown.egg-info/PKG-INFO");
  ASSERT_FALSE(torch.clues.empty());
  EXPECT_EQ(torch.clues[0].source, std::string(kDist) + "/torch/version.py");
  EXPECT_EQ(torch.clues[0].observed, "hip = None, cuda = None");
  EXPECT_EQ(torch.envs, (std::vector<std::size_t>{0}));
  EXPECT_TRUE(torch.notes.empty()) << torch.notes[0];
  EXPECT_EQ(torch.Describe(), "torch 1.13.0a0 (/usr/lib/python3/dist-packages)");
}

TEST(FrameworkCollector, RocmWheelInAVenv) {
  FakeSystemView view;
  AddSystemPython(view);
  AddVenv(view);
  AddTorch(view, kVenvSite, "2.5.1+rocm6.2", "6.2.41133-dd7f95766", "", RocmWheelLibs());
  FrameworkFacts facts = CollectFrameworks(view);
  const FrameworkInstall torch = Only(facts, Framework::kTorch);
  EXPECT_EQ(torch.flavor, BuildFlavor::kRocm);
  EXPECT_EQ(torch.rocm_release, "6.2");
  EXPECT_TRUE(torch.bundles_hip_runtime);
  EXPECT_EQ(*torch.hip, "6.2.41133-dd7f95766");
  EXPECT_FALSE(torch.cuda->has_value());
  EXPECT_EQ(torch.lib_dir, std::string(kVenvSite) + "/torch/lib");
  EXPECT_EQ(torch.lib_files.size(), 6u);  // libtorch_cpu.so does not tell the build
  EXPECT_EQ(torch.clues[0].observed, "hip = '6.2.41133-dd7f95766', cuda = None");
  EXPECT_EQ(torch.clues[1].observed, "Version: 2.5.1+rocm6.2");  // agrees: no note
  EXPECT_TRUE(torch.notes.empty());
  EXPECT_EQ(facts.ToJudge(Framework::kTorch).size(), 1u);
  EXPECT_EQ(facts.EnvOf(torch).prefix, kVenv);
}

TEST(FrameworkCollector, CudaWheel) {
  FakeSystemView view;
  AddSystemPython(view);
  AddTorch(view, kDist, "2.5.1+cu121", "", "12.1", {"libtorch_cuda.so", "libc10_cuda.so"});
  const FrameworkInstall torch = Only(CollectFrameworks(view), Framework::kTorch);
  EXPECT_EQ(torch.flavor, BuildFlavor::kCuda);
  EXPECT_EQ(torch.cuda_release, "12.1");
  EXPECT_FALSE(torch.bundles_hip_runtime);
}

TEST(FrameworkCollector, FallbacksAndDisagreements) {
  {  // No version.py: the metadata's +rocm6.1 label.
    FakeSystemView view;
    AddSystemPython(view);
    view.File(std::string(kDist) + "/torch/__init__.py", "");
    AddMetadata(view, kDist, "torch", "2.4.0+rocm6.1");
    const FrameworkInstall torch = Only(CollectFrameworks(view), Framework::kTorch);
    EXPECT_EQ(torch.flavor, BuildFlavor::kRocm);
    EXPECT_EQ(torch.rocm_release, "6.1");
    EXPECT_EQ(*torch.version, "2.4.0+rocm6.1");
    ASSERT_FALSE(torch.notes.empty());
    EXPECT_NE(torch.notes[0].find("version.py: not found"), std::string::npos) << torch.notes[0];
  }
  {  // Neither: the libraries it ships.
    FakeSystemView view;
    AddSystemPython(view);
    view.File(std::string(kDist) + "/torch/lib/libtorch_hip.so", "");
    EXPECT_EQ(Only(CollectFrameworks(view), Framework::kTorch).flavor, BuildFlavor::kRocm);
  }
  {  // Nothing at all: unknown, with why.
    FakeSystemView view;
    AddSystemPython(view);
    view.File(std::string(kDist) + "/torch/__init__.py", "");
    const FrameworkInstall torch = Only(CollectFrameworks(view), Framework::kTorch);
    EXPECT_EQ(torch.flavor, BuildFlavor::kUnknown);
    EXPECT_FALSE(torch.version.known());
  }
  {  // METADATA says ROCm, version.py says CPU: version.py wins, the conflict is noted.
    FakeSystemView view;
    AddSystemPython(view);
    AddTorch(view, kDist, "2.5.1+rocm6.2", "", "", {});
    view.File(std::string(kDist) + "/torch-2.6.0.dist-info/METADATA", "Name: torch\n");
    const FrameworkInstall torch = Only(CollectFrameworks(view), Framework::kTorch);
    EXPECT_EQ(torch.flavor, BuildFlavor::kCpu);
    ASSERT_EQ(torch.notes.size(), 2u);
    EXPECT_NE(torch.notes[0].find("holds 2 distributions"), std::string::npos) << torch.notes[0];
    EXPECT_NE(torch.notes[1].find("says +rocm6.2 but"), std::string::npos) << torch.notes[1];
  }
}

TEST(FrameworkCollector, WhichInstallIsJudged) {
  FakeSystemView view;
  AddSystemPython(view);
  AddVenv(view);
  AddTorch(view, kDist, "1.13.0a0", "", "", {});
  // The active venv has no torch: every install is judged, named with its environment.
  FrameworkFacts facts = CollectFrameworks(view);
  ASSERT_EQ(facts.ToJudge(Framework::kTorch).size(), 1u);
  EXPECT_EQ(facts.EnvOf(*facts.ToJudge(Framework::kTorch)[0]).prefix, "/usr");
  // Once it has one, only that one.
  AddTorch(view, kVenvSite, "2.5.1+rocm6.2", "6.2.41133-dd7f95766", "", RocmWheelLibs());
  FrameworkFacts both = CollectFrameworks(view);
  EXPECT_EQ(both.Installs(Framework::kTorch).size(), 2u);
  ASSERT_EQ(both.ToJudge(Framework::kTorch).size(), 1u);
  EXPECT_EQ(both.ToJudge(Framework::kTorch)[0]->site_dir, kVenvSite);
}

TEST(FrameworkCollector, OneInstallSharedByTwoEnvironments) {
  FakeSystemView view;
  AddSystemPython(view);
  AddVenv(view);
  view.File(std::string(kVenv) + "/pyvenv.cfg",
            "home = /usr/bin\ninclude-system-site-packages = true\nversion = 3.11.2\n");
  AddTorch(view, kDist, "1.13.0a0", "", "", {});
  FrameworkFacts facts = CollectFrameworks(view);
  const FrameworkInstall torch = Only(facts, Framework::kTorch);
  EXPECT_EQ(torch.envs, (std::vector<std::size_t>{0, 1}));
  EXPECT_EQ(facts.EnvOf(torch).prefix, kVenv);  // the active one names it
}

TEST(FrameworkCollector, TensorflowFlavours) {
  struct Case {
    std::string dist;
    std::string build_info;
    BuildFlavor flavor;
    std::string release;
  } cases[] = {
      {"tensorflow-rocm",
       "build_info = {'is_rocm_build': True, 'is_cuda_build': False, 'rocm_version': '6.1.0'}",
       BuildFlavor::kRocm, "6.1"},
      {"tensorflow", "", BuildFlavor::kCuda, ""},
      {"tensorflow-cpu", "", BuildFlavor::kCpu, ""},
      {"tensorflow", "build_info = {'is_rocm_build': False, 'is_cuda_build': False}",
       BuildFlavor::kCpu, ""},
  };
  for (const Case& c : cases) {
    FakeSystemView view;
    AddSystemPython(view);
    view.File(std::string(kDist) + "/tensorflow/__init__.py", "");
    AddMetadata(view, kDist, c.dist, "2.16.1");
    if (!c.build_info.empty()) {
      view.File(std::string(kDist) + "/tensorflow/python/platform/build_info.py", c.build_info);
    }
    const FrameworkInstall tf = Only(CollectFrameworks(view), Framework::kTensorflow);
    EXPECT_EQ(tf.flavor, c.flavor) << c.dist << " " << c.build_info;
    EXPECT_EQ(tf.rocm_release, c.release);
    EXPECT_EQ(tf.distribution, c.dist);
  }
}

TEST(FrameworkCollector, JaxPluginsAndJaxlib) {
  FakeSystemView view;
  AddSystemPython(view);
  view.File(std::string(kDist) + "/jax/version.py", "_version = \"0.4.35\"\n");
  AddMetadata(view, kDist, "jax", "0.4.35");
  AddMetadata(view, kDist, "jaxlib", "0.4.35");
  FrameworkFacts cpu = CollectFrameworks(view);
  EXPECT_EQ(Only(cpu, Framework::kJax).flavor, BuildFlavor::kCpu);
  EXPECT_EQ(*Only(cpu, Framework::kJax).version, "0.4.35");
  AddMetadata(view, kDist, "jax-rocm60-plugin", "0.4.35");
  AddMetadata(view, kDist, "jax-rocm60-pjrt", "0.4.35");
  const FrameworkInstall rocm = Only(CollectFrameworks(view), Framework::kJax);
  EXPECT_EQ(rocm.flavor, BuildFlavor::kRocm);
  EXPECT_EQ(rocm.rocm_release, "6.0");
  EXPECT_EQ(rocm.plugins.size(), 3u);

  FakeSystemView cuda;
  AddSystemPython(cuda);
  cuda.File(std::string(kDist) + "/jax/__init__.py", "");
  cuda.File(std::string(kDist) + "/jaxlib/__init__.py", "");
  cuda.File(std::string(kDist) + "/jax_plugins/xla_cuda12/__init__.py", "");
  EXPECT_EQ(Only(CollectFrameworks(cuda), Framework::kJax).flavor, BuildFlavor::kCuda);

  FakeSystemView lonely;
  AddSystemPython(lonely);
  lonely.File(std::string(kDist) + "/jax/__init__.py", "");
  const FrameworkInstall nolib = Only(CollectFrameworks(lonely), Framework::kJax);
  EXPECT_EQ(nolib.flavor, BuildFlavor::kUnknown);
  ASSERT_FALSE(nolib.notes.empty());
  EXPECT_NE(nolib.notes.back().find("no jaxlib"), std::string::npos);
}

TEST(FrameworkCollector, OnnxRuntimeProviders) {
  FakeSystemView view;
  AddSystemPython(view);
  const std::string capi = std::string(kDist) + "/onnxruntime/capi/";
  view.File(capi + "onnxruntime_pybind11_state.so", "");
  AddMetadata(view, kDist, "onnxruntime", "1.19.2");
  EXPECT_EQ(Only(CollectFrameworks(view), Framework::kOnnxRuntime).flavor, BuildFlavor::kCpu);
  view.File(capi + "libonnxruntime_providers_cuda.so", "");
  EXPECT_EQ(Only(CollectFrameworks(view), Framework::kOnnxRuntime).flavor, BuildFlavor::kCuda);
  view.File(capi + "libonnxruntime_providers_migraphx.so", "");
  const FrameworkInstall ort = Only(CollectFrameworks(view), Framework::kOnnxRuntime);
  EXPECT_EQ(ort.flavor, BuildFlavor::kRocm);
  EXPECT_EQ(ort.providers, (std::vector<std::string>{"MIGraphX", "CUDA"}));
}

TEST(FrameworkCollector, VllmFlavours) {
  struct Case {
    std::string version_py;
    std::vector<std::string> files;
    BuildFlavor flavor;
  } cases[] = {
      {"__version__ = version = '0.6.3+rocm624'\n", {"_C.abi3.so"}, BuildFlavor::kRocm},
      {"__version__ = version = '0.6.3'\n", {"_C.abi3.so", "_rocm_C.abi3.so"}, BuildFlavor::kRocm},
      {"__version__ = version = '0.6.3'\n", {"_C.abi3.so", "_moe_C.abi3.so"}, BuildFlavor::kCuda},
      {"__version__ = version = '0.6.3+cpu'\n", {"_C.abi3.so"}, BuildFlavor::kCpu},
  };
  for (const Case& c : cases) {
    FakeSystemView view;
    AddSystemPython(view);
    view.File(std::string(kDist) + "/vllm/_version.py", c.version_py);
    for (const std::string& f : c.files) view.File(std::string(kDist) + "/vllm/" + f, "");
    AddMetadata(view, kDist, "vllm", "0.6.3");
    EXPECT_EQ(Only(CollectFrameworks(view), Framework::kVllm).flavor, c.flavor) << c.version_py;
  }
}

// torch/lib/libhsa-runtime64.so against the host's /opt/rocm/lib/libhsa-runtime64.so.1: the
// wheel's own bytes, a copy of the host's (AMD's WSL guide), a link to it, none, no host runtime.
FrameworkInstall TorchWithHsa(const std::optional<std::string>& bundled,
                              const std::optional<std::string>& host, bool link = false) {
  FakeSystemView view;
  AddSystemPython(view);
  AddTorch(view, kDist, "2.3.0+rocm6.2.3", "6.2.41134-65d174c3e", "", {"libamdhip64.so"});
  const std::string mine = std::string(kDist) + "/torch/lib/libhsa-runtime64.so";
  if (bundled) view.File(mine, *bundled);
  if (link) view.Link(mine, "/opt/rocm/lib/libhsa-runtime64.so.1");
  if (host) view.File("/opt/rocm/lib/libhsa-runtime64.so.1", *host);
  return Only(CollectFrameworks(view), Framework::kTorch);
}

TEST(FrameworkCollector, BundledHsaRuntimeComparedWithTheHosts) {
  const std::string path = std::string(kDist) + "/torch/lib/libhsa-runtime64.so";
  FrameworkInstall own = TorchWithHsa("wheel bytes", "wsl runtime bytes");
  ASSERT_TRUE(own.bundled_hsa);
  EXPECT_EQ(own.bundled_hsa->path, path);
  EXPECT_EQ(own.bundled_hsa->host_path, "/opt/rocm/lib/libhsa-runtime64.so.1");
  ASSERT_TRUE(own.bundled_hsa->same_as_host.known());
  EXPECT_FALSE(*own.bundled_hsa->same_as_host);
  EXPECT_EQ(own.bundled_hsa->same_as_host.source,
            path + " (11 bytes) and /opt/rocm/lib/libhsa-runtime64.so.1 (17 bytes)");

  FrameworkInstall copy = TorchWithHsa("wsl runtime bytes", "wsl runtime bytes");
  ASSERT_TRUE(copy.bundled_hsa && copy.bundled_hsa->same_as_host.known());
  EXPECT_TRUE(*copy.bundled_hsa->same_as_host);

  FrameworkInstall linked = TorchWithHsa(std::nullopt, "wsl runtime bytes", true);
  ASSERT_TRUE(linked.bundled_hsa && linked.bundled_hsa->same_as_host.known());
  EXPECT_TRUE(*linked.bundled_hsa->same_as_host);

  EXPECT_FALSE(TorchWithHsa(std::nullopt, "wsl runtime bytes").bundled_hsa);

  FrameworkInstall no_host = TorchWithHsa("wheel bytes", std::nullopt);
  ASSERT_TRUE(no_host.bundled_hsa);
  EXPECT_FALSE(no_host.bundled_hsa->same_as_host.known());
  EXPECT_EQ(no_host.bundled_hsa->same_as_host.error,
            "the host has no libhsa-runtime64 in /opt/rocm/lib");
}

}  // namespace
}  // namespace rocm_doctor::testing
