// SPDX-License-Identifier: MIT
// The gate runs commands through SystemView, never the runner directly: this include must not
// compile.
#include "system/command_runner.h"
