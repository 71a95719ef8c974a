// SPDX-License-Identifier: MIT
// A check reads facts, never a collector: this include must not compile.
#include "collect/platform/platform_parse.h"
