// Transitional forwarder: the support matrix moved to src/knowledge/ (issue 14). Removed once the
// last includer of the old path (src/core/report_builder.cpp, mid-edit elsewhere) is updated.
#pragma once
#include "knowledge/support_matrix.h"
