# SPDX-License-Identifier: MIT
"""venv-base-removed: a venv made with python3.11 whose interpreter an upgrade removed, with a
ROCm torch inside (pypa/pipx#633's mechanism, on Ubuntu)."""
from ..derived import DELETE, REPLACE, STDOUT_JSON, Fixture  # noqa: F401
from .. import torch_wheel as tw

NAME = 'venv-base-removed'
BASE = 'rx7900xtx-healthy'
VENV = 'home/alice/sd-venv'
SITE = VENV + '/lib/python3.11/site-packages'
MACHINE = {'description': 'RX 7900 XTX, Ubuntu 24.04: the venv ~/sd-venv was made with '
                          'python3.11, which was removed; torch 2.3.1+rocm6.0 inside',
           'env': {'HOME': '/home/alice', 'VIRTUAL_ENV': '/home/alice/sd-venv',
                   'PATH': '/home/alice/sd-venv/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:'
                           '/usr/bin:/sbin:/bin'}}
FILES = {
    'usr/bin/python3.12': '',
    'usr/lib/python3/dist-packages/README.txt': tw.SITE_README,
    VENV + '/pyvenv.cfg': tw.venv_cfg(VENV, '3.11.9', '/usr/bin/python3.11'),
}
FILES.update(tw.torch(SITE, '2.3.1+rocm6.0', '6.0.32830-d62f6a171', None, tw.ROCM_LIBS +
                      ['libhsa-runtime64.so'], '63d5e9221bedd1546b7d364b5ce4171547db12a9'))
LINKS = {
    'usr/bin/python3': 'python3.12',
    VENV + '/bin/python': '/usr/bin/python3.11',
    VENV + '/bin/python3': 'python',
    VENV + '/bin/python3.11': 'python',
}
EXPECT = ['exit 1',
          'root_cause frameworks.python.venv_broken',
          'check frameworks.python fail',
          'check frameworks.torch pass',
          'check frameworks.torch_gpu skip',
          'finding frameworks.python.venv_broken fail']
README = """\
# venv-base-removed

A healthy RX 7900 XTX desktop (Ubuntu 24.04, in-tree amdgpu, ROCm 6.2) whose user made a venv, ~/sd-venv, with `python3.11 -m venv` (for a ROCm 6.0 torch wheel of cp311) and installed torch 2.3.1+rocm6.0 in it. Python 3.11 has since been removed (only the distribution's 3.12 is left), so the venv's bin/python -> /usr/bin/python3.11 dangles: `python` in the activated venv, and every script of it, fail with "No such file or directory" / "bad interpreter", although the torch in it is a correct ROCm build.

## The real tickets

pypa/pipx#633 (https://github.com/pypa/pipx/issues/633), "Updating Python from 3.9.1_4 to 3.9.1_8 causes No such file or directory" (macOS Homebrew; the mechanism is the same on Linux). Verbatim: "login: /Users/jaraco/.local/bin/xonsh: No such file or directory"; `ls -la ~/.local/pipx/venvs/xonsh/bin/python3.9` shows "python3.9 -> /Users/jaraco/.local/homebrew/Cellar/python@3.9/3.9.1_4/bin/python3.9"; "It seems `python3.9` no longer points to a valid Python, and thus all pipx commands are now broken. I was able to `reinstall-all`, which worked". The same in pypa/pipx#146 ("All virtualenvs break when Python version is upgraded": "FileNotFoundError: [Errno 2] No such file or directory: '/Users/raxod502/.local/pipx/venvs/poetry/bin/python'"). Confirmed fix: recreate the venv (`pipx reinstall-all`; generally `python3 -m venv --clear <venv>` and reinstall).

## Made from

`tools/machines/records/venv_base_removed.py`: a copy of [`rx7900xtx-healthy`](../rx7900xtx-healthy/) with /usr/bin/python3 -> python3.12 (Ubuntu 24.04's), and the venv as CPython 3.11's `venv` writes it: pyvenv.cfg (home = /usr/bin, version = 3.11.9, executable = /usr/bin/python3.11, command), bin/python -> /usr/bin/python3.11 (absent), bin/python3 and bin/python3.11 -> python; lib/python3.11/site-packages with torch 2.3.1+rocm6.0 (version.py, METADATA, torch/lib with the wheel's libamdhip64.so and libhsa-runtime64.so). The environment is the activated venv's ($VIRTUAL_ENV, PATH). The ticket's host, Python versions and package are macOS/xonsh; this host, the 3.11 -> 3.12 story and the torch inside are inferred (the brief's "ROCm torch inside, per pipx#633's mechanism"). No framework probe recording: the interpreter cannot start, so the doctor does not run it.

## What the doctor must conclude

Root cause `frameworks.python.venv_broken` (check `frameworks.python` fails): the active venv's bin/python3 -> python -> /usr/bin/python3.11 does not exist; the fix recreates the venv (`python3 -m venv --clear /home/alice/sd-venv`, then reinstall). The torch in it is still judged from its files: `frameworks.torch` passes (a ROCm build). `frameworks.torch_gpu` is skipped (no probe). Exit 1.

`EXPECT`:

```
""" + "\n".join(EXPECT) + "\n```\n"
