// SPDX-License-Identifier: MIT
#include "collect/frameworks/framework_parse.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace rocm_doctor::framework {
namespace {

std::string_view Trim(std::string_view text) {
  const char* space = " \t\r\n\f\v";
  const std::size_t begin = text.find_first_not_of(space);
  if (begin == std::string_view::npos) return {};
  return text.substr(begin, text.find_last_not_of(space) - begin + 1);
}

bool IsIdentStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_'; }
bool IsIdent(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }
bool IsDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// A quoted string at the start of `text` ('x', "x", with backslash escapes of quote and
// backslash; prefixes r/u/b not supported). nullopt when `text` does not start with one that
// ends on the line.
std::optional<std::string> QuotedString(std::string_view text, std::size_t* consumed) {
  if (text.empty() || (text.front() != '\'' && text.front() != '"')) return std::nullopt;
  const char quote = text.front();
  std::string out;
  for (std::size_t i = 1; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\\' && i + 1 < text.size()) {
      const char next = text[++i];
      out += next == 'n' ? '\n' : next == 't' ? '\t' : next;
      continue;
    }
    if (c == quote) {
      *consumed = i + 1;
      return out;
    }
    out += c;
  }
  return std::nullopt;
}

PyLiteral Literal(std::string_view value) {
  value = Trim(value);
  // A trailing comment after the literal.
  PyLiteral out;
  std::size_t consumed = 0;
  if (auto s = QuotedString(value, &consumed)) {
    std::string_view rest = Trim(value.substr(consumed));
    if (rest.empty() || rest.front() == '#') {
      out.kind = PyLiteral::Kind::kString;
      out.text = std::move(*s);
      return out;
    }
  }
  std::string_view word = value.substr(0, value.find('#'));
  word = Trim(word);
  if (word == "None") {
    out.kind = PyLiteral::Kind::kNone;
  } else if (word == "True" || word == "False") {
    out.kind = PyLiteral::Kind::kBool;
  }
  out.text = std::string(word);
  return out;
}

std::vector<std::string_view> Lines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const std::size_t nl = text.find('\n');
    lines.push_back(text.substr(0, nl));
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
  return lines;
}

// The identifier at the start of `line` and where it ends; empty when none.
std::string_view Identifier(std::string_view line) {
  if (line.empty() || !IsIdentStart(line.front())) return {};
  std::size_t end = 1;
  while (end < line.size() && IsIdent(line[end])) ++end;
  return line.substr(0, end);
}

// The position of the first '=' of an assignment (not '==') outside brackets and quotes.
std::size_t AssignmentEquals(std::string_view text) {
  int depth = 0;
  char quote = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quote != 0) {
      if (c == '\\') {
        ++i;
      } else if (c == quote) {
        quote = 0;
      }
      continue;
    }
    if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '[' || c == '(' || c == '{') {
      ++depth;
    } else if ((c == ']' || c == ')' || c == '}') && depth > 0) {
      --depth;
    } else if (c == '#') {
      return std::string_view::npos;
    } else if (c == '=' && depth == 0) {
      const bool comparison =
          (i + 1 < text.size() && text[i + 1] == '=') ||
          (i > 0 && std::string_view("=!<>").find(text[i - 1]) != std::string_view::npos);
      if (!comparison) return i;
      ++i;
    }
  }
  return std::string_view::npos;
}

}  // namespace

std::map<std::string, PyLiteral> ParseAssignments(std::string_view text) {
  std::map<std::string, PyLiteral> out;
  for (std::string_view line : Lines(text)) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    // Top level only: an indented line belongs to a block.
    if (line.empty() || !IsIdentStart(line.front())) continue;
    std::vector<std::string> names;
    std::string_view rest = line;
    while (true) {
      std::string_view name = Identifier(rest);
      if (name.empty()) break;
      std::string_view after = Trim(rest.substr(name.size()));
      if (!after.empty() && after.front() == ':') {
        // An annotation: `hip: Optional[str] = '6.2'`.
        const std::size_t eq = AssignmentEquals(after);
        if (eq == std::string_view::npos) break;
        names.emplace_back(name);
        rest = Trim(after.substr(eq + 1));
        break;
      }
      if (after.empty() || after.front() != '=' || (after.size() > 1 && after[1] == '=')) break;
      names.emplace_back(name);
      rest = Trim(after.substr(1));
      // A chained assignment continues with another `name =`.
      std::string_view next = Identifier(rest);
      std::string_view next_after = Trim(rest.substr(next.size()));
      if (next.empty() || next == "None" || next == "True" || next == "False" ||
          next_after.empty() || next_after.front() != '=' ||
          (next_after.size() > 1 && next_after[1] == '=')) {
        break;
      }
    }
    if (names.empty()) continue;
    const PyLiteral value = Literal(rest);
    for (const std::string& n : names) out[n] = value;
  }
  return out;
}

DistMetadata ParseMetadata(std::string_view text) {
  DistMetadata out;
  for (std::string_view line : Lines(text)) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (Trim(line).empty()) break;                              // the body starts
    if (line.front() == ' ' || line.front() == '\t') continue;  // a folded continuation
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos) continue;
    std::string key(Trim(line.substr(0, colon)));
    std::transform(key.begin(), key.end(), key.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    const std::string value(Trim(line.substr(colon + 1)));
    if (value.empty()) continue;
    if (key == "name" && !out.name) out.name = value;
    if (key == "version" && !out.version) out.version = value;
  }
  return out;
}

std::string NormalizeDistName(std::string_view name) {
  std::string out;
  for (char c : name) {
    char lower = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower == '_' || lower == '.') lower = '-';
    if (lower == '-' && !out.empty() && out.back() == '-') continue;
    out += lower;
  }
  return out;
}

std::optional<DistName> ParseDistDirName(std::string_view dir_name) {
  std::string_view stem;
  for (std::string_view suffix : {std::string_view(".dist-info"), std::string_view(".egg-info")}) {
    if (dir_name.size() > suffix.size() &&
        dir_name.substr(dir_name.size() - suffix.size()) == suffix) {
      stem = dir_name.substr(0, dir_name.size() - suffix.size());
    }
  }
  // Wheel and egg-info names escape '-' in the name as '_', so the first '-' ends the name.
  const std::size_t dash = stem.find('-');
  if (stem.empty() || dash == 0 || dash == std::string_view::npos || dash + 1 >= stem.size()) {
    return std::nullopt;
  }
  DistName out{NormalizeDistName(stem.substr(0, dash)), std::string(stem.substr(dash + 1))};
  // An egg-info may carry the Python version: torch-1.13.0-py3.11.egg-info.
  const std::size_t py = out.version.find("-py");
  if (py != std::string::npos) out.version.resize(py);
  return out;
}

std::string MajorMinor(std::string_view version) {
  version = Trim(version);
  std::size_t i = 0;
  while (i < version.size() && IsDigit(version[i])) ++i;
  if (i == 0 || i >= version.size() || version[i] != '.') return {};
  std::size_t j = i + 1;
  while (j < version.size() && IsDigit(version[j])) ++j;
  if (j == i + 1) return {};
  return std::string(version.substr(0, j));
}

LocalVersion ParseLocalVersion(std::string_view version) {
  LocalVersion out;
  const std::size_t plus = version.find('+');
  if (plus == std::string_view::npos) return out;
  std::string label(Trim(version.substr(plus + 1)));
  std::transform(label.begin(), label.end(), label.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  out.label = label;
  // A label may hold several parts ("+rocm6.2.gitabc"): the first that names a platform counts.
  std::string_view rest = label;
  while (!rest.empty()) {
    const std::size_t sep = rest.find_first_of("._-", 0);
    std::string_view part = rest;
    // "rocm6.2.4" keeps its dots: take digits and dots after the platform word.
    auto numbers = [&](std::size_t from) {
      std::size_t end = from;
      while (end < rest.size() && (IsDigit(rest[end]) || rest[end] == '.')) ++end;
      std::string_view n = rest.substr(from, end - from);
      while (!n.empty() && n.back() == '.') n.remove_suffix(1);
      return n;
    };
    if (part.rfind("rocm", 0) == 0) {
      std::string_view n = numbers(4);
      if (n.find('.') != std::string_view::npos) {
        out.release = MajorMinor(n);
      } else if (n.size() >= 2) {
        // "rocm624", "rocm60": ROCm's major is one digit so far.
        out.release = std::string(1, n[0]) + "." + std::string(1, n[1]);
      } else if (n.size() == 1) {
        out.release = std::string(n) + ".0";
      }
      out.flavor = BuildFlavor::kRocm;
      return out;
    }
    if (part.rfind("cu", 0) == 0 && part.size() >= 5 && IsDigit(part[2])) {
      std::string_view n = numbers(2);
      if (n.size() >= 3 && n.find('.') == std::string_view::npos) {
        out.release =
            std::string(n.substr(0, n.size() - 1)) + "." + std::string(n.substr(n.size() - 1));
        out.flavor = BuildFlavor::kCuda;
        return out;
      }
    }
    if (part.rfind("cpu", 0) == 0 && (part.size() == 3 || !IsIdent(part[3]))) {
      out.flavor = BuildFlavor::kCpu;
      return out;
    }
    if (sep == std::string_view::npos) break;
    rest.remove_prefix(sep + 1);
  }
  return out;
}

TfBuildInfo ParseTfBuildInfo(std::string_view text) {
  TfBuildInfo out;
  // Finds `'key'` followed (after ':' or ',') by a literal, in either quote style.
  auto value_of = [&](std::string_view key) -> std::optional<std::string_view> {
    for (char quote : {'\'', '"'}) {
      const std::string needle = std::string(1, quote) + std::string(key) + quote;
      const std::size_t at = text.find(needle);
      if (at == std::string_view::npos) continue;
      std::string_view rest = text.substr(at + needle.size());
      rest = Trim(rest);
      if (rest.empty() || (rest.front() != ':' && rest.front() != ',')) continue;
      rest = Trim(rest.substr(1));
      std::size_t end = 0;
      if (!rest.empty() && (rest.front() == '\'' || rest.front() == '"')) {
        const std::size_t close = rest.find(rest.front(), 1);
        if (close == std::string_view::npos) continue;
        return rest.substr(0, close + 1);
      }
      while (end < rest.size() && IsIdent(rest[end])) ++end;
      return rest.substr(0, end);
    }
    return std::nullopt;
  };
  auto as_bool = [](std::optional<std::string_view> v) -> std::optional<bool> {
    if (v == "True") return true;
    if (v == "False") return false;
    return std::nullopt;
  };
  auto as_string = [](std::optional<std::string_view> v) -> std::optional<std::string> {
    if (!v || v->size() < 2 || (v->front() != '\'' && v->front() != '"')) return std::nullopt;
    return std::string(v->substr(1, v->size() - 2));
  };
  out.is_rocm_build = as_bool(value_of("is_rocm_build"));
  out.is_cuda_build = as_bool(value_of("is_cuda_build"));
  out.rocm_version = as_string(value_of("rocm_version"));
  out.cuda_version = as_string(value_of("cuda_version"));
  return out;
}

std::optional<LocalVersion> ParseJaxPluginName(std::string_view name) {
  for (auto [prefix, flavor] : {std::pair{std::string_view("jax-rocm"), BuildFlavor::kRocm},
                                std::pair{std::string_view("jax-cuda"), BuildFlavor::kCuda}}) {
    if (name.rfind(prefix, 0) != 0) continue;
    std::string_view rest = name.substr(prefix.size());
    std::size_t digits = 0;
    while (digits < rest.size() && IsDigit(rest[digits])) ++digits;
    std::string_view kind = rest.substr(digits);
    if (digits == 0 || (kind != "-plugin" && kind != "-pjrt")) return std::nullopt;
    LocalVersion out;
    out.flavor = flavor;
    out.label = std::string(name);
    const std::string_view n = rest.substr(0, digits);
    // jax-rocm60-plugin: ROCm 6.0; jax-rocm7-plugin: ROCm 7; jax-cuda12-plugin: CUDA 12.
    if (flavor == BuildFlavor::kRocm && n.size() >= 2) {
      out.release = std::string(1, n[0]) + "." + std::string(n.substr(1));
    } else {
      out.release = std::string(n);
    }
    return out;
  }
  return std::nullopt;
}

}  // namespace rocm_doctor::framework
