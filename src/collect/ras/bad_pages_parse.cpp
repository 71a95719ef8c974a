// SPDX-License-Identifier: MIT
#include "collect/ras/bad_pages_parse.h"

#include <charconv>

#include "base/text_parse.h"

namespace rocm_doctor::ras_parse {
namespace {

bool Hex(std::string_view field, std::uint64_t& out) {
  field = parse::Trim(field);
  if (field.size() > 2 && field[0] == '0' && (field[1] == 'x' || field[1] == 'X')) {
    field.remove_prefix(2);
  }
  if (field.empty()) return false;
  auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), out, 16);
  return ec == std::errc() && end == field.data() + field.size();
}

}  // namespace

BadPages ParseBadPages(std::string_view text) {
  BadPages out;
  std::size_t at = 0;
  while (at < text.size() && out.pages.size() < kMaxPages) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = parse::Trim(text.substr(at, end - at));
    at = end + 1;
    if (line.empty()) continue;
    std::size_t first = line.find(':');
    std::size_t second = first == std::string_view::npos ? first : line.find(':', first + 1);
    RetiredPage page;
    bool ok = second != std::string_view::npos && Hex(line.substr(0, first), page.pfn) &&
              Hex(line.substr(first + 1, second - first - 1), page.size_bytes);
    std::string_view flag = ok ? parse::Trim(line.substr(second + 1)) : std::string_view();
    ok = ok && flag.size() == 1 && (flag[0] == 'R' || flag[0] == 'P' || flag[0] == 'F');
    if (!ok) {
      if (out.malformed.size() < kMaxMalformed) out.malformed.push_back(parse::Printable(line, 80));
      ++out.malformed_count;
      continue;
    }
    page.state = flag[0];
    out.pages.push_back(page);
  }
  return out;
}

}  // namespace rocm_doctor::ras_parse
