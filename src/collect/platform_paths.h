#pragma once
// Host paths read by the platform collectors that rocm_doctor/paths.h does not (yet) name.
#include <string_view>

namespace rocm_doctor::paths {

// Clocksources the kernel can use (Documentation/ABI/testing/sysfs-devices-system-clocksource
// style "tsc kvm-clock "): a paravirtual one names the hypervisor.
inline constexpr std::string_view kClocksourceAvailable =
    "/sys/devices/system/clocksource/clocksource0/available_clocksource";

}  // namespace rocm_doctor::paths
