// SPDX-License-Identifier: MIT
#pragma once
// What one framework install's own files say about its build (ROCm, CUDA or CPU) and version:
// torch/version.py, TensorFlow's build_info.py, JAX's plugins and jaxlib, ONNX Runtime's
// execution-provider libraries, vLLM's extensions. The framework collector finds the installs
// and reads their wheel metadata; this reads the rest.
#include <cstddef>
#include <map>
#include <string>
#include <string_view>

#include "rocm_doctor/facts/frameworks_facts.h"
#include "rocm_doctor/system_view.h"

namespace rocm_doctor::framework {

// Version modules and METADATA headers are a few KiB; torch's METADATA carries the whole README
// (about 30 KiB) after the headers, which are all that is read.
inline constexpr std::size_t kMetadataLimit = 64 * 1024;

// `dir`'s listing, listed once per collection: the Python collector, the framework collector and
// this reader look at the same site directories.
const DirListing& CachedListing(const SystemView& view, std::map<std::string, DirListing>& listings,
                                const std::string& dir);
bool Lists(const DirListing& listing, std::string_view name);

// Fills install.version (when its framework's own files say), flavor, the releases, clues,
// plugins, providers, lib_dir/lib_files and notes. `install` has its metadata read already;
// `site` is the listing of its site directory.
void ReadBuild(const SystemView& view, std::map<std::string, DirListing>& listings,
               const DirListing& site, FrameworkInstall& install);

}  // namespace rocm_doctor::framework
