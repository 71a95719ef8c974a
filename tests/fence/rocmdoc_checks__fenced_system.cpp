// SPDX-License-Identifier: MIT
// A check never touches the machine: this include must not compile.
#include "system/fd_io.h"
