// SPDX-License-Identifier: MIT
// A policy is parsed from a file read through system/ (config_file.h).
#include "rocm_doctor/policy.h"
#include "system/config_file.h"
