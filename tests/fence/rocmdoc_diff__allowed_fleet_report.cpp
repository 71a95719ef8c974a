// SPDX-License-Identifier: MIT
// diff reads reports with fleet's reader and prints with report/'s escaping.
#include "fleet/node_report.h"
#include "report/terminal_style.h"
