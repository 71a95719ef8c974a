// SPDX-License-Identifier: MIT
// fleet folds reports, never collects: this include must not compile.
#include "collect/common/sysfs_reader.h"
