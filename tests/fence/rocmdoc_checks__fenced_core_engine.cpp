// SPDX-License-Identifier: MIT
// The engine runs the checks; a check never reaches into it: this include must not compile.
#include "core/engine.h"
