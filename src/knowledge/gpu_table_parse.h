// SPDX-License-Identifier: MIT
#pragma once
// Pure parsers behind GpuTable::Parse: the CSV dialect of checks/data/amd_gpus.csv and the
// datasheet's host-link text. They take string_view and never throw.
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rocm_doctor::gpu_table {

// One CSV record's fields, or nullopt when the record is malformed (a quote left open, text
// after a closing quote). RFC 4180: fields may be quoted, "" inside quotes is one quote, quoted
// fields may hold commas and newlines.
using Record = std::optional<std::vector<std::string>>;

// Splits `text` into records. Lines starting with '#' outside quotes are comments; blank lines
// are skipped; "\r\n" counts as "\n".
std::vector<Record> ParseCsv(std::string_view text);

// The same records without copying them: `fields` views `text` where a field is a span of it
// (every unquoted field, and a quoted one without "" inside), else a string owned by the reader,
// and lives until `record` returns; nullptr for a malformed record. Parsing the embedded tables
// this way allocates nothing per field (issue 14: the tables are parsed before the first check).
using RecordVisitor = std::function<void(const std::vector<std::string_view>* fields)>;
void ForEachCsvRecord(std::string_view text, const RecordVisitor& record);

struct HostLink {
  std::optional<int> gen;    // PCIe generation: "PCIe 4.0" / "PCIe Gen4" -> 4
  std::optional<int> width;  // lanes: "x16" -> 16
};
// "PCIe 5.0 x16", "PCIe Gen5 x16", "PCIe 4.0" -> {5, 16}, {5, 16}, {4, nullopt}. Anything that is
// not a PCIe link gives {nullopt, nullopt}.
HostLink ParseHostLink(std::string_view text);

}  // namespace rocm_doctor::gpu_table
