# SPDX-License-Identifier: MIT
"""The machines built from captures: {directory name: builder}, in build order (the derived
and torch-* machines copy some of them). The rx7900xtx-healthy variants are data records
(rx7900xtx_variants.py); the others are still one builder function each."""
from .bench import *  # noqa: F401,F403
from .datacenter import m_mi300x_cpx
from .rx7900xtx_variants import BUILDERS as RX7900XTX_VARIANTS

GENERATED = {
    'rx7900xtx-healthy': RX7900XTX_VARIANTS['rx7900xtx-healthy'],
    'memory-low': RX7900XTX_VARIANTS['memory-low'],
    'pcie-link-degraded': RX7900XTX_VARIANTS['pcie-link-degraded'],
    'kfd-permission-denied': RX7900XTX_VARIANTS['kfd-permission-denied'],
    'render-node-permission-denied': RX7900XTX_VARIANTS['render-node-permission-denied'],
    'init-failed': m_init_failed,  # noqa: F405
    'kfd-missing': m_kfd_missing,  # noqa: F405
    'bar-small': m_bar_small,  # noqa: F405
    'amdgpu-not-loaded': m_not_loaded,  # noqa: F405
    'blacklisted-nomodeset': m_blacklisted_nomodeset,  # noqa: F405
    'blacklisted-modprobe': m_blacklisted_modprobe,  # noqa: F405
    'dkms-not-built': m_dkms_not_built,  # noqa: F405
    'secure-boot-blocked': m_secure_boot,  # noqa: F405
    'firmware-missing': m_firmware_missing,  # noqa: F405
    'pcie-atomics-unsupported': m_atomics,  # noqa: F405
    'phoenix-apu': m_phoenix,  # noqa: F405
    'vm-no-gpu': m_vm,  # noqa: F405
    'nvidia-only': m_nvidia,  # noqa: F405
    'mi210-xgmi-healthy': m_mi210,  # noqa: F405
    'iommu-not-passthrough': m_iommu,  # noqa: F405
    'ras-uncorrectable': m_ras,  # noqa: F405
    'gpu-count-mismatch': m_count_mismatch,  # noqa: F405
    'mi300x-healthy': m_mi300x,  # noqa: F405
    'wsl2': m_wsl,  # noqa: F405
    'container-devices-not-passed': m_container_not_passed,  # noqa: F405
    'container-gid-mismatch': m_container_gid,  # noqa: F405
    'container-group-unmapped': m_container_unmapped,  # noqa: F405
    'rocm-not-installed': m_rocm_not_installed,  # noqa: F405
    'rocm-mixed-versions': m_rocm_mixed,  # noqa: F405
    'hip-load-failed': m_hip_load_failed,  # noqa: F405
    'code-object-compressed': m_code_object_compressed,  # noqa: F405
    'library-dir-unreadable': m_library_dir_unreadable,  # noqa: F405
    'hip-platform-invalid': RX7900XTX_VARIANTS['hip-platform-invalid'],
    'env-debug-settings': RX7900XTX_VARIANTS['env-debug-settings'],
    'radeon-vii-deprecated': m_radeon_vii,  # noqa: F405
    'hip-device-error': m_hip_device_error,  # noqa: F405
    'hip-load-probe-failed': m_hip_load_probe_failed,  # noqa: F405
    'kernel-unsupported': m_kernel_unsupported,  # noqa: F405
    'driver-version-skew': m_driver_skew,  # noqa: F405
    'rocm-smi-init-failed': m_rocm_smi_init_failed,  # noqa: F405
    'rocm-smi-count-mismatch': m_rocm_smi_count_mismatch,  # noqa: F405
    'mi300x-bench-healthy': m_bench_healthy,  # noqa: F405
    'bench-memory-low': m_bench_memory_low,  # noqa: F405
    'bench-memtest-errors': m_bench_memtest_errors,  # noqa: F405
    'bench-timeout': m_bench_timeout,  # noqa: F405
    'storage-nfs-home-full': m_storage_nfs_home,  # noqa: F405
    'tools-opt-rocm6': m_tools_opt_rocm,  # noqa: F405
    'mi300x-cpx': m_mi300x_cpx,
}
