// SPDX-License-Identifier: MIT
#pragma once
// Parsers for the files that say which Python runs: pyvenv.cfg (PEP 405), pyenv's version files
// and shims, $PATH. They take the text a SystemView served; nothing here reads the system.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rocm_doctor::python {

// pyvenv.cfg: "key = value" lines (site.py venv(): the key is lower-cased and stripped, the value
// stripped; lines without '=' are ignored). Keys: home, include-system-site-packages, version,
// version_info (uv writes this one), executable, prompt.
std::map<std::string, std::string> ParsePyvenvCfg(std::string_view text);

// A pyenv version file (.python-version, $PYENV_ROOT/version) or $PYENV_VERSION: version names
// separated by whitespace (or ':' in $PYENV_VERSION), '#' starting a comment line, as
// pyenv-version-file-read reads them. "system" is a name.
std::vector<std::string> ParsePyenvVersions(std::string_view text);

// Whether a file's text is a pyenv shim: a shell script that execs `pyenv exec` (pyenv's
// rehash writes `exec "<PYENV_ROOT>/libexec/pyenv" exec "$program" "$@"`).
bool IsPyenvShim(std::string_view text);

// $PATH split at ':'; empty entries (the current directory to execvp) are dropped, since the
// doctor's directory is not the user's.
std::vector<std::string> SplitSearchPath(std::string_view path);

// "3.11" from "python3.11", "python3.11d"; "" for "python3", "python".
std::string MinorFromExecutableName(std::string_view name);
// "3.11" from "3.11.7", "3.11.7.final.0", "3.11"; "" when it does not start with N.N.
std::string MinorOfVersion(std::string_view version);

// Orders version names the way `pyenv latest` picks one: numeric components compared as
// numbers ("3.10.13" > "3.9.18"), anything else as text. True when a < b.
bool VersionLess(std::string_view a, std::string_view b);

// The installed version a pyenv version name selects: the exact directory name, else (pyenv
// 2.3+) the latest installed one that starts with "<name>." ("3.11" -> "3.11.7"). nullopt when
// none matches.
std::optional<std::string> SelectPyenvVersion(std::string_view name,
                                              const std::vector<std::string>& installed);

}  // namespace rocm_doctor::python
