// Transitional forwarder: kernel support moved to src/knowledge/ (issue 14). Removed once the last
// includer of the old path (checks/frameworks/torch_build.cpp, mid-edit elsewhere) is updated.
#pragma once
#include "knowledge/kernel_support.h"
