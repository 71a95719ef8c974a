// SPDX-License-Identifier: MIT
#include "collect/common/sysfs_reader.h"

#include "base/text_parse.h"

namespace rocm_doctor {
namespace {

// Reads and trims one attribute, or returns the reason it is unknown.
Fact<std::string> ReadRaw(const SystemView& view, std::string_view path) {
  return TextFact(view.ReadFile(path, kAttributeLimit), path);
}

template <class T, class ParseFn>
Fact<T> Parsed(Fact<std::string> raw, ParseFn parse_fn, std::string_view what) {
  if (!raw.known()) return Fact<T>::Unknown(raw.source, raw.error);
  if (auto v = parse_fn(*raw)) return Fact<T>::Known(static_cast<T>(*v), raw.source);
  return Fact<T>::Unknown(raw.source, "malformed " + std::string(what) + " value '" +
                                          parse::Printable(*raw, 40) + "'");
}

}  // namespace

std::string JoinPath(std::string_view dir, std::string_view name) {
  std::string out(dir);
  if (!out.empty() && out.back() != '/') out += '/';
  out += name;
  return out;
}

std::string_view BaseName(std::string_view path) {
  while (path.size() > 1 && path.back() == '/') path.remove_suffix(1);
  std::size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

Fact<std::string> ReadText(const SystemView& view, std::string_view path) {
  return ReadRaw(view, path);
}

Fact<std::uint64_t> ReadHex(const SystemView& view, std::string_view path) {
  return Parsed<std::uint64_t>(ReadRaw(view, path), parse::Hex, "hexadecimal");
}

Fact<std::int64_t> ReadInt(const SystemView& view, std::string_view path) {
  return Parsed<std::int64_t>(ReadRaw(view, path), parse::Int, "integer");
}

Fact<std::uint64_t> ReadUInt(const SystemView& view, std::string_view path) {
  return UIntFact(view.ReadFile(path, kAttributeLimit), path);
}

Fact<std::string> TextFact(const FileContent& file, std::string_view path) {
  std::string src(path);
  if (!file.ok()) {
    std::string why = std::string(ToString(file.status));
    if (!file.error.empty()) why += ": " + file.error;
    return Fact<std::string>::Unknown(src, why);
  }
  if (file.truncated) return Fact<std::string>::Unknown(src, "value larger than 64 KiB");
  return Fact<std::string>::Known(std::string(parse::Trim(file.data)), src);
}

Fact<std::uint64_t> UIntFact(const FileContent& file, std::string_view path) {
  return Parsed<std::uint64_t>(TextFact(file, path), parse::UInt, "unsigned integer");
}

Fact<std::string> ReadLinkBase(const SystemView& view, std::string_view path) {
  LinkTarget link = view.ReadLink(path);
  if (!link.ok()) {
    std::string why = std::string(ToString(link.status));
    if (!link.error.empty()) why += ": " + link.error;
    return Fact<std::string>::Unknown(std::string(path), why);
  }
  return Fact<std::string>::Known(std::string(BaseName(link.target)), std::string(path));
}

bool Exists(const SystemView& view, std::string_view path) {
  return view.Stat(path).ok() || view.ReadLink(path).ok();
}

}  // namespace rocm_doctor
