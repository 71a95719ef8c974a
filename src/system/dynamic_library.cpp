// SPDX-License-Identifier: MIT
#include "system/dynamic_library.h"

#include <dlfcn.h>

#include <utility>

namespace rocm_doctor {

DynamicLibrary::DynamicLibrary(std::string name, void* handle)
    : name_(std::move(name)), handle_(handle, [](void* h) { dlclose(h); }) {}

Result<DynamicLibrary> DynamicLibrary::Open(const std::string& name_or_path) {
  dlerror();  // clear a stale error from an earlier call on this thread
  void* handle = dlopen(name_or_path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* error = dlerror();
    return Error{error != nullptr ? std::string(error) : name_or_path + ": dlopen failed"};
  }
  return DynamicLibrary(name_or_path, handle);
}

void* DynamicLibrary::Symbol(const char* name) const {
  if (!handle_ || name == nullptr) return nullptr;
  dlerror();
  return dlsym(handle_.get(), name);
}

}  // namespace rocm_doctor
