// SPDX-License-Identifier: MIT
// What the doctor knows (GPU tables, support matrix) is not the system layer's business: this
// include must not compile.
#include "knowledge/support_matrix.h"
