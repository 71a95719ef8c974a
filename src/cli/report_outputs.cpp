// SPDX-License-Identifier: MIT
#include "cli/report_outputs.h"

#include <iostream>
#include <set>
#include <sstream>

#include "cli/common_options.h"
#include "report/text_escape.h"
#include "rocm_doctor/reporters.h"
#include "system/output_file.h"

namespace rocm_doctor::cli {
namespace {

constexpr std::pair<Format, std::string_view> kFormats[] = {{Format::kTerminal, "terminal"},
                                                            {Format::kJson, "json"},
                                                            {Format::kJunit, "junit"},
                                                            {Format::kPrometheus, "prometheus"},
                                                            {Format::kMarkdown, "markdown"}};

// The text before '=' in an -o value reads as a format name (a word: letters, digits, '-', '_'),
// not as the start of a path such as ./out=1 or reports/a=b.
bool LooksLikeFormat(std::string_view prefix) {
  if (prefix.empty() || prefix.size() > 32) return false;
  for (char c : prefix) {
    const bool word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      c == '-' || c == '_';
    if (!word) return false;
  }
  return true;
}

std::string FormatNames() {
  std::string names;
  for (const auto& [format, text] : kFormats) names += (names.empty() ? "" : ", ") + std::string(text);
  return names;
}

}  // namespace

std::optional<Format> FormatFromString(std::string_view name) {
  for (const auto& [format, text] : kFormats) {
    if (text == name) return format;
  }
  return std::nullopt;
}

std::string_view FormatName(Format format) {
  for (const auto& [f, text] : kFormats) {
    if (f == format) return text;
  }
  return "terminal";
}

Result<bool> SplitOutputs(const std::vector<std::string>& values, CheckArgs& args) {
  return SplitOutputs(values, args.output, args.extra_outputs);
}

Result<bool> SplitOutputs(const std::vector<std::string>& values, std::optional<std::string>& output,
                          std::vector<OutputFile>& extra) {
  std::set<std::string> files;
  for (const std::string& value : values) {
    std::size_t eq = value.find('=');
    std::optional<Format> format =
        eq == std::string::npos ? std::nullopt : FormatFromString(value.substr(0, eq));
    if (eq != std::string::npos && !format && LooksLikeFormat(value.substr(0, eq))) {
      // -o xml=foo.xml once wrote a file named "xml=foo.xml": a format the doctor does not
      // know is a mistake far more often than a wanted file name.
      return Error{"-o " + report_text::Printable(value) + ": unknown format '" +
                   report_text::Printable(value.substr(0, eq)) + "' (" + FormatNames() +
                   "); for a file of that name write ./" + report_text::Printable(value)};
    }
    std::string file = format ? value.substr(eq + 1) : value;
    if (file.empty()) return Error{"-o " + value + ": no file name"};
    if (!files.insert(file).second) return Error{"-o: " + file + " is named twice"};
    if (format) {
      extra.push_back({*format, file});
    } else if (output) {
      return Error{"-o: only one plain FILE (" + *output + ", " + file +
                   "); give the others a format: -o junit=FILE"};
    } else {
      output = file;
    }
  }
  return true;
}

std::string RenderReport(const Report& report, Format format, bool verbose, bool color) {
  std::ostringstream text;
  switch (format) {
    case Format::kJson:
      WriteJsonReport(report, text);
      break;
    case Format::kJunit:
      WriteJunitReport(report, text);
      break;
    case Format::kPrometheus:
      WritePrometheusReport(report, text);
      break;
    case Format::kMarkdown:
      WriteMarkdownReport(report, text);
      break;
    case Format::kTerminal:
      WriteTerminalReport(report, text, TerminalStyle{color, verbose});
      break;
  }
  return text.str();
}

Result<bool> WriteReportOutputs(const Report& report, const CheckArgs& args) {
  std::optional<Error> first_error;
  bool color = !args.output && args.format == Format::kTerminal && UseColor(args.no_color);
  std::string main = RenderReport(report, args.format, args.verbose, color);
  if (args.output) {
    if (auto written = system::WriteOutputFile(*args.output, main); !written) {
      first_error = Error{written.error()};
    }
  } else {
    std::cout << main << std::flush;
  }
  for (const OutputFile& extra : args.extra_outputs) {
    auto written = system::WriteOutputFile(
        extra.path, RenderReport(report, extra.format, args.verbose, /*color=*/false));
    if (!written && !first_error) first_error = Error{written.error()};
  }
  if (first_error) return *first_error;
  return true;
}

}  // namespace rocm_doctor::cli
