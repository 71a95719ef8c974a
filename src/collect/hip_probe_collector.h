// Transitional forwarder: the HIP probe collector moved to src/collect/hip_probe/ (issue 14).
// Removed once the last includer of the old path (tests/hostile/hung_probes_test.cpp) is updated.
#pragma once
#include "collect/hip_probe/hip_probe_collector.h"
