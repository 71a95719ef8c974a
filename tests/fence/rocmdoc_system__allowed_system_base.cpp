// SPDX-License-Identifier: MIT
// The system layer may use itself, base and the contracts.
#include "base/redact.h"
#include "rocm_doctor/system_view.h"
#include "system/fd_io.h"
#include "system/output_file.h"
