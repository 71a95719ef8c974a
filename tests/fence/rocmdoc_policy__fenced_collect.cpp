// SPDX-License-Identifier: MIT
// A policy judges the report, never a collector: this include must not compile.
#include "collect/common/sysfs_reader.h"
