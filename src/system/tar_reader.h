// SPDX-License-Identifier: MIT
#pragma once
// A streaming tar reader: member headers with their long names resolved (GNU 'L'/'K', pax
// 'path'/'linkpath'/'size'), then each member's data. It never touches the file system; what to
// create from a member is tar_extract.h's job.
#include <cstdint>
#include <optional>
#include <string>

#include "rocm_doctor/result.h"
#include "system/tar_format.h"

namespace rocm_doctor::system {

// Where the tar stream comes from (the gzip child's pipe, or a test's buffer).
class ByteSource {
 public:
  virtual ~ByteSource() = default;
  // Up to `size` bytes into `buffer`; 0 at the end of the stream.
  virtual Result<std::size_t> Read(char* buffer, std::size_t size) = 0;
};

struct TarMember {
  std::string path;  // as the archive names it; not yet checked
  std::string link;  // symlink text or hard-link target
  char type = tar::kRegular;
  std::uint64_t size = 0;  // data bytes that follow
  unsigned mode = 0644;
};

class TarReader {
 public:
  explicit TarReader(ByteSource& source) : source_(source) {}

  // The next member, nullopt at the end of the archive. Skips what is left of the previous
  // member's data. A truncated or malformed archive is an error.
  Result<std::optional<TarMember>> Next();
  // Up to `size` bytes of the current member's data; 0 once all of it was read.
  Result<std::size_t> ReadData(char* buffer, std::size_t size);

 private:
  Result<bool> ReadExact(char* buffer, std::size_t size);
  Result<bool> Skip(std::uint64_t size);
  Result<std::string> ReadMeta(std::uint64_t size);

  ByteSource& source_;
  std::uint64_t remaining_ = 0;  // data bytes of the current member not read yet
  std::uint64_t padding_ = 0;    // then this many bytes up to the next block
};

}  // namespace rocm_doctor::system
