// SPDX-License-Identifier: MIT
// The system layer is below the engine: this include must not compile.
#include "core/engine.h"
