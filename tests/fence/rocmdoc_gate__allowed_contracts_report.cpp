// SPDX-License-Identifier: MIT
// The gate prints node names through the report escaping.
#include "report/text_escape.h"
#include "rocm_doctor/system_view.h"
