// SPDX-License-Identifier: MIT
// fleet reads reports as capped files (system/config_file.h) and escapes text (report/).
#include "report/text_escape.h"
#include "system/config_file.h"
