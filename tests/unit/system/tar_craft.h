// SPDX-License-Identifier: MIT
#pragma once
// Crafting tar archives for tests, hostile ones included: raw headers with any name, type,
// declared size and link, pax and GNU long-name records, written gzipped through the
// project's gzip child (so a 1M-member archive is made as a stream, never held in memory).
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>

#include "system/gzip_stream.h"
#include "system/tar_format.h"
#include "system/tar_reader.h"

namespace rocm_doctor::testing {

namespace tar = system::tar;

inline std::string TarHeader(const std::string& name, char type, std::uint64_t size = 0,
                             const std::string& link = "", unsigned mode = 0644) {
  tar::Header header;
  header.name = name;
  header.type = type;
  header.size = size;
  header.linkname = link;
  header.mode = mode;
  const tar::Block block = tar::EncodeHeader(header);
  return std::string(block.data(), block.size());
}

// `header` (a raw block edited by a test) with its checksum made right again.
inline std::string Resummed(std::string header) {
  std::memset(&header[148], ' ', 8);
  unsigned sum = 0;
  for (char c : header.substr(0, tar::kBlock)) sum += static_cast<unsigned char>(c);
  std::snprintf(&header[148], 8, "%06o", sum);
  return header;
}

inline std::string Padded(std::string data) {
  data.resize(tar::PaddedSize(data.size()), '\0');
  return data;
}

inline std::string TarFile(const std::string& name, const std::string& data, unsigned mode = 0644) {
  return TarHeader(name, tar::kRegular, data.size(), "", mode) + Padded(data);
}
inline std::string TarDir(const std::string& name) { return TarHeader(name, tar::kDirectory); }
inline std::string TarLink(const std::string& name, const std::string& target) {
  return TarHeader(name, tar::kSymlink, 0, target);
}
inline std::string TarHardLink(const std::string& name, const std::string& target) {
  return TarHeader(name, tar::kHardLink, 0, target);
}
// A pax header carrying `records` (tar::PaxRecord text) for the next member.
inline std::string TarPax(const std::string& records) {
  return TarHeader("././@PaxHeader", tar::kPaxNext, records.size()) + Padded(records);
}
// A GNU long name ('L') or long link ('K') for the next member.
inline std::string TarGnuLong(char type, const std::string& name) {
  return TarHeader("././@LongLink", type, name.size() + 1) + Padded(name + std::string(1, '\0'));
}
inline std::string TarEnd() { return std::string(2 * tar::kBlock, '\0'); }

// A tar stream in memory, as TarReader's source.
class MemorySource : public system::ByteSource {
 public:
  explicit MemorySource(std::string data) : data_(std::move(data)) {}
  Result<std::size_t> Read(char* buffer, std::size_t size) override {
    const std::size_t n = std::min(size, data_.size() - at_);
    std::memcpy(buffer, data_.data() + at_, n);
    at_ += n;
    return n;
  }

 private:
  std::string data_;
  std::size_t at_ = 0;
};

// Writes a .tar.gz at `path` from whatever `produce(write)` writes; false on any failure.
template <class Producer>
bool WriteTarGz(const std::string& path, Producer produce) {
  system::UniqueFd out(::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644));
  if (!out) return false;
  auto sink = system::GzipSink::Start(out.get(),
                                      std::chrono::steady_clock::now() + std::chrono::seconds(120));
  if (!sink) return false;
  bool ok = true;
  produce([&](const std::string& bytes) { ok = ok && (*sink)->Write(bytes).ok(); });
  return (*sink)->Finish().ok() && ok;
}

inline bool WriteTarGz(const std::string& path, const std::string& tar_stream) {
  return WriteTarGz(path, [&](auto write) { write(tar_stream); });
}

}  // namespace rocm_doctor::testing
