// SPDX-License-Identifier: MIT
// The system layer never formats a report: this include must not compile.
#include "report/text_escape.h"
