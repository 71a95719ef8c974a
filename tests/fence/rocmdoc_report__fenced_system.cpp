// SPDX-License-Identifier: MIT
// A reporter prints the report, never the machine: this include must not compile.
#include "system/fd_io.h"
