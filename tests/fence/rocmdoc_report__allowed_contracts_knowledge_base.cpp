// SPDX-License-Identifier: MIT
// A reporter may use the contracts, knowledge and base.
#include "base/text_parse.h"
#include "knowledge/support_matrix.h"
#include "rocm_doctor/report.h"
