// SPDX-License-Identifier: MIT
#pragma once
// What a fix command needs, carried by the command itself as a trailing shell comment, so that
// the line is valid shell exactly as printed and pasted (issue 15): a "(needs root)" after the
// command was a syntax error. The marks, the first words of the comment:
//   sudo usermod -aG render,video alice  # needs root
//   sudo update-initramfs -u  # needs root; then reboot
//   echo ...  # then reboot
// A note may follow ("# needs root; Fedora/RHEL: sudo dracut -f"). A command that needs nothing
// (mokutil --sb-state, ls -l /lib/firmware/...) has no mark. Command templates in the catalog
// and the fragments checks build for "{!name}" placeholders write the marks themselves.
#include <cstddef>
#include <string_view>

namespace rocm_doctor {

struct CommandMarks {
  bool requires_root = false;    // runs sudo: the user needs root (sudo rights)
  bool reboot_required = false;  // takes effect after a reboot
};

// Where the shell comment of `command` starts (its '#'), or npos when it has none: a '#' at the
// start of a word, outside quotes ('...', "...", $'...'), backslash escapes and $(...).
std::size_t ShellCommentStart(std::string_view command);

// The marks at the start of `command`'s trailing comment.
CommandMarks ReadCommandMarks(std::string_view command);

}  // namespace rocm_doctor

#include <string>

namespace rocm_doctor {

// The trailing comment of every fix that sets HSA_OVERRIDE_GFX_VERSION (issue 15): it is a
// workaround, and what it risks. `runs_as` is the target the GPU then reports ("gfx1030"), as
// the check has it (shell-quoted by this function: it is a machine value).
std::string OverrideWorkaroundNote(std::string_view runs_as);

}  // namespace rocm_doctor
