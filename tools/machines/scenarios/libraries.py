# SPDX-License-Identifier: MIT
"""Runtime/libraries layer machines: environment, HIP and rocm-smi probes, code objects."""
from .runtime import *  # noqa: F401,F403


# --------------------------------------------------------------------------------------------
# Runtime and libraries layers, second set (issue 3): environment, gfx906, HIP probe outcomes,
# the support matrix's kernel and driver rows, rocm-smi-lib.

RSMI_INIT_ERROR = ("An error occurred during initialization, during monitor discovery or when "
                   "when initializing internal data structures")  # rsmi_status_string(8), verbatim
SRC_SMI_88 = ("ROCm/rocm_smi_lib issue #88 (https://github.com/ROCm/rocm_smi_lib/issues/88): "
              "the stderr of an rsmi_init that timed out on its /dev/shm mutex, verbatim")
SRC_6138 = ("ROCm/ROCm issue #6138 (https://github.com/ROCm/ROCm/issues/6138, comment #2) — "
            "captures/issues/ROCm-ROCm-6138_RadeonVII_gfx906_TheRock_PARTIAL/"
            "rocminfo.gpu-agent-only.txt (GitHub user content, no licence; cited by URL)")
SRC_DELAUNAY = ("Delaunay/regression `lspci-k.txt` — https://github.com/Delaunay/regression @ "
                "aa6f3bd8beaaded5b54160454671fd821eca4228 (no licence; cited): Vega 20 behind "
                "AMD 1002:14a0/14a1 bridges")


def smi_library(m, release="6.2.0", version="7.3.60200"):
    """rocm-smi-lib of an AMD ROCm install: lib/librocm_smi64.so.<version> (empty placeholder)
    with its soname and dev links, as ROCm 6.2.0's rocm-smi-lib package installs them."""
    lib = f"/opt/rocm-{release}/lib"
    major = version.split(".")[0]
    m.write(f"{lib}/librocm_smi64.so.{version}", b"")
    m.link(f"{lib}/librocm_smi64.so.{major}", f"{lib}/librocm_smi64.so.{version}")
    m.link(f"{lib}/librocm_smi64.so", f"{lib}/librocm_smi64.so.{major}")
    return f"{lib}/librocm_smi64.so.{major}"


def smi_probe(m, lib, *, init=(0, "RSMI_STATUS_SUCCESS",
                               "The function has been executed successfully."),
              devices=(), library_version="7.3.0", driver_version=None, stderr="",
              wall_seconds=0.21):
    """The recorded `rocm-doctor probe-smi LIB` (probe "rocm-smi", docs/probes.md)."""
    code, name, message = init
    report = {"probe": "rocm-smi", "format": 1, "attempts": [{"library": lib, "error": None}],
              "library": lib, "missing_symbols": [], "library_version": library_version,
              "library_build": None, "driver_version": driver_version,
              "init": {"code": code, "name": name, "message": message},
              "device_count": len(devices) if code == 0 else None, "count_error": None,
              "devices": list(devices)}
    m.probe("rocm-smi", ["/usr/bin/rocm-doctor", "probe-smi", lib],
            stdout=json.dumps(report, separators=(",", ":")) + "\n", stderr=stderr,
            wall_seconds=wall_seconds)


def smi_device(index, bdf, device_id, name, **fields):
    dom, bus, rest = bdf.split(":")
    dev, fn = rest.split(".")
    bdfid = (int(dom, 16) << 32) | (int(bus, 16) << 8) | (int(dev, 16) << 3) | int(fn)
    d = {"index": index, "device_id": device_id, "name": name, "bdfid": bdfid, "pci_bdf": bdf,
         "vbios_version": None, "power_cap_uw": None, "vram_total_bytes": None, "firmware": {},
         "ecc_umc": None, "errors": {}}
    d.update(fields)
    return d


def elf_section(data, wanted):
    """(header offset, file offset, size) of ELF64 little-endian section `wanted`."""
    import struct
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    str_off, = struct.unpack_from("<Q", data, shoff + shstrndx * shentsize + 0x18)
    for i in range(shnum):
        hdr = shoff + i * shentsize
        name_off, = struct.unpack_from("<I", data, hdr)
        name = data[str_off + name_off:data.index(b"\0", str_off + name_off)].decode()
        if name == wanted:
            off, size = struct.unpack_from("<QQ", data, hdr + 0x18)
            return hdr, off, size
    raise KeyError(wanted)


def compressed_fatbin_library(fixture):
    """The hipcc-built fixture with its .hip_fatbin replaced by the same offload bundle compressed
    as clang-offload-bundler --compress writes it (CCOB version 2, zlib): "CCOB", uint16 version,
    uint16 method (0 = zlib), uint32 total size, uint32 uncompressed size, uint64 truncated MD5
    (low 8 bytes, little endian), then the zlib stream."""
    import hashlib
    import struct
    import zlib
    with open(fixture, "rb") as f:
        data = bytearray(f.read())
    hdr, off, size = elf_section(data, ".hip_fatbin")
    section = bytes(data[off:off + size])
    magic = b"__CLANG_OFFLOAD_BUNDLE__"
    assert section.startswith(magic)
    count, = struct.unpack_from("<Q", section, len(magic))
    pos, end = len(magic) + 8, 0
    for _ in range(count):
        e_off, e_size, t_size = struct.unpack_from("<QQQ", section, pos)
        end = max(end, e_off + e_size)
        pos += 24 + t_size
    bundle = section[:end]
    packed = zlib.compress(bundle, 9)
    digest = hashlib.md5(bundle).digest()
    ccob = (b"CCOB" + struct.pack("<HHII", 2, 0, 24 + len(packed), len(bundle)) + digest[:8] +
            packed)
    # In place of the uncompressed bundle (bundles sit at 4096-aligned offsets), the rest zeroed;
    # the section header's size shrinks to the compressed bundle.
    assert len(ccob) <= size
    data[off:off + size] = ccob + bytes(size - len(ccob))
    struct.pack_into("<Q", data, hdr + 0x20, len(ccob))
    return bytes(data), bundle, len(ccob)


def m_code_object_compressed(out, cap):
    m = Machine(out, "code-object-compressed",
                "rocFFT whose device code is in a compressed offload bundle")
    g = rx7900xtx(cap)
    consumer_host(m, g, log_lines=healthy_log(g.bdf, "1002:744c", 24560))
    rocm_install(m)
    fixture = os.path.join(REPO, "tests/fixtures/libraries/libfx_gfx90a_gfx1030.so")
    lib, bundle, packed = compressed_fatbin_library(fixture)
    path = "/opt/rocm-6.2.0/lib/librocfft.so.0.1.60200"
    m.write(path, lib)
    m.link("/opt/rocm-6.2.0/lib/librocfft.so.0", path)
    m.link("/opt/rocm-6.2.0/lib/librocfft.so", "/opt/rocm-6.2.0/lib/librocfft.so.0")
    expect = ["exit 2", "check runtime.rocm pass", "check libraries.inventory pass",
              "check libraries.code_objects unknown",
              "finding libraries.code_object.unknown unknown"]
    m.finish(expect, readme(
        "code-object-compressed", "rx7900xtx-healthy with a rocFFT in /opt/rocm-6.2.0/lib whose "
        "`.hip_fatbin` holds one compressed offload bundle (`CCOB`), as ROCm 6.2 and later "
        "build their libraries (`--offload-compress`): the targets are listed only inside the "
        "compressed data, so the doctor cannot tell whether there is code for gfx1100.",
        [SRC_LACT.format("rx7900xtx") + " (as in rx7900xtx-healthy)."],
        COMMON_ADDED + [
            ROCM_COMMON + "; the default ROCm 6.2.0 install (below).",
            "`lib/librocfft.so.0.1.60200` (with `.so.0` and `.so` links): "
            "`tests/fixtures/libraries/libfx_gfx90a_gfx1030.so` (hipcc-built, see "
            "code-object-missing-gfx) whose uncompressed bundle (" + str(len(bundle)) +
            " bytes: host, gfx1030, gfx90a:xnack-) was compressed by this script into a CCOB "
            "version 2 bundle (zlib, " + str(packed) + " bytes: the header clang-offload-bundler "
            "19 writes, with the truncated MD5 of the data), written in place of the "
            "uncompressed bundle with the `.hip_fatbin` section size shrunk to it. Debian's "
            "clang 15 cannot compress bundles itself.",
            DEFAULT_ROCM_NOTE.replace("Invented for this machine; its story is not about "
                                      "ROCm.", "")],
        "Unknown: libraries.code_objects reports libraries.code_object.unknown for rocFFT "
        "(compressed offload bundles: targets unknown) — not a pass and not a failure. "
        "Exit 2.", expect))


def m_library_dir_unreadable(out, cap):
    m = Machine(out, "library-dir-unreadable", "/opt/rocm-6.3.1/lib readable only by root")
    g = rx7900xtx(cap)
    consumer_host(m, g, log_lines=healthy_log(g.bdf, "1002:744c", 24560))
    rocm_install(m)
    m.write("/opt/rocm-6.3.1/.info/version", "6.3.1-48\n")
    # No lib/ directory is written: git keeps no empty directory, and the errors.list entry
    # below is what makes the listing fail.
    m.meta["errors"] = {"list": {"/opt/rocm-6.3.1/lib": {"status": "permission-denied",
                                                        "error": "Permission denied"}}}
    expect = ["exit 2", "check runtime.rocm pass", "check libraries.inventory unknown",
              "finding libraries.inventory.unreadable unknown"]
    m.finish(expect, readme(
        "library-dir-unreadable", "rx7900xtx-healthy (ROCm 6.2.0 in use through /opt/rocm) "
        "with a second release, ROCm 6.3.1, unpacked by root under a umask of 077: "
        "/opt/rocm-6.3.1/lib is drwx------ root:root, so alice cannot list it and which "
        "libraries it holds is not known.",
        [SRC_LACT.format("rx7900xtx") + " (as in rx7900xtx-healthy)."],
        COMMON_ADDED + [
            ROCM_COMMON + "; the default ROCm 6.2.0 install (below).",
            "/opt/rocm-6.3.1/.info/version `6.3.1-48` and an empty `lib/`, with "
            "machine.json `errors.list` making the listing of /opt/rocm-6.3.1/lib fail with "
            "EACCES (docs/probes.md) as it does for alice on the host.",
            DEFAULT_ROCM_NOTE.replace("Invented for this machine; its story is not about "
                                      "ROCm.", "")],
        "Unknown: libraries.inventory reports libraries.inventory.unreadable for "
        "/opt/rocm-6.3.1/lib (permission denied); the ROCm 6.2.0 in use is fine. Exit 2.",
        expect))
