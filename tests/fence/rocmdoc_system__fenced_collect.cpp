// SPDX-License-Identifier: MIT
// The system layer reads the machine for the collectors; it never reaches up into one: this
// include must not compile.
#include "collect/common/sysfs_reader.h"
