# SPDX-License-Identifier: MIT
"""Moving a generated machine's PCI functions to other addresses, as data for a record: every file
and link of the base under sys/ whose path, link text or uevent names an old address is written at
the new one (one pass, so 01->03 and 03->05 do not chain), and the old paths are removed.
python3 standard library only."""
import os
import re

from .core import REPO


def move(base, mapping):
    """(REMOVE, FILES, LINKS) placing the base machine's PCI functions at mapping's addresses."""
    pattern = re.compile('|'.join(re.escape(k) for k in sorted(mapping, key=len, reverse=True)))

    def sub(text):
        return pattern.sub(lambda m: mapping[m.group(0)], text)

    top = os.path.join(REPO, 'tests', 'machines', base)
    remove, files, links = [], {}, {}
    for dirpath, dirs, names in os.walk(os.path.join(top, 'sys')):
        for name in names + [d for d in dirs if os.path.islink(os.path.join(dirpath, d))]:
            full = os.path.join(dirpath, name)
            rel = os.path.relpath(full, top)
            if os.path.islink(full):
                target = os.readlink(full)
                if pattern.search(rel) or pattern.search(target):
                    remove.append(rel)
                    links[sub(rel)] = sub(target)
                continue
            if not pattern.search(rel):
                continue
            remove.append(rel)
            with open(full, 'rb') as f:
                data = f.read()
            if name == 'uevent':
                data = sub(data.decode()).encode()
            files[sub(rel)] = data
        dirs[:] = [d for d in dirs if not os.path.islink(os.path.join(dirpath, d))]
    # The old tree goes whole: from its first path component that names an old address.
    tops = []
    for rel in remove:
        parts = rel.split('/')
        cut = next((i for i, part in enumerate(parts) if pattern.search(part)), len(parts) - 1)
        top_rel = '/'.join(parts[:cut + 1])
        if top_rel not in tops:
            tops.append(top_rel)
    return tops, files, links
