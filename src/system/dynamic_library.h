// SPDX-License-Identifier: MIT
#pragma once
// dlopen wrapper: the doctor never links ROCm libraries (architecture rule 1); it opens them and
// reports dlerror() verbatim.
#include <memory>
#include <string>

#include "rocm_doctor/result.h"

namespace rocm_doctor {

class DynamicLibrary {
 public:
  // RTLD_NOW | RTLD_LOCAL. The error is dlerror()'s text, unchanged.
  static Result<DynamicLibrary> Open(const std::string& name_or_path);
  void* Symbol(const char* name) const;  // nullptr when absent
  const std::string& name() const { return name_; }

 private:
  DynamicLibrary(std::string name, void* handle);
  std::string name_;
  std::shared_ptr<void> handle_;
};

}  // namespace rocm_doctor
