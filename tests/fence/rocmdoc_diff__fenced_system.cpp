// SPDX-License-Identifier: MIT
// diff compares two reports; it never touches the machine: this include must not compile.
#include "system/fd_io.h"
