// SPDX-License-Identifier: MIT
#pragma once
// gzip as a child process for .tar.gz archives. It runs by absolute path (/usr/bin/gzip or
// /bin/gzip, never looked up in $PATH) with LC_ALL=C as its whole environment, so neither a
// planted gzip, nor GZIP=..., nor anything else the caller exported changes what runs. (The
// doctor links no compression library; the tar format itself is read and written in-process.)
#include <sys/types.h>

#include <chrono>
#include <memory>
#include <string>
#include <string_view>

#include "rocm_doctor/result.h"
#include "system/fd_io.h"
#include "system/tar_reader.h"

namespace rocm_doctor::system {

using GzipClock = std::chrono::steady_clock;

// The gzip child: spawned, its stderr kept (4 KiB), killed and reaped on destruction.
class GzipChild {
 public:
  GzipChild() = default;
  ~GzipChild();
  GzipChild(const GzipChild&) = delete;
  GzipChild& operator=(const GzipChild&) = delete;

  // gzip `mode` ("-dc" or "-cn") with `in` and `out` as its stdin and stdout.
  Result<bool> Start(const char* mode, int in, int out);
  // Waits for it to exit (killing it at `deadline`); its failure as an error.
  Result<bool> Wait(GzipClock::time_point deadline);
  void DrainErr();
  int err_fd() const { return err_.get(); }

 private:
  Result<bool> Reap(GzipClock::time_point deadline);
  pid_t pid_ = -1;
  UniqueFd err_;
  std::string err_text_;
  Result<bool> outcome_ = true;  // what Wait() found, for a second call
};

// The decompressed stream of an archive, for TarReader. Reads past `deadline` fail.
class GunzipStream : public ByteSource {
 public:
  static Result<std::unique_ptr<GunzipStream>> Start(int archive_fd,
                                                     GzipClock::time_point deadline);
  Result<std::size_t> Read(char* buffer, std::size_t size) override;

 private:
  GzipChild child_;
  UniqueFd out_;
  GzipClock::time_point deadline_;
};

// Compresses what is written to it into `output_fd`.
class GzipSink {
 public:
  static Result<std::unique_ptr<GzipSink>> Start(int output_fd, GzipClock::time_point deadline);
  Result<bool> Write(std::string_view data);
  // Ends the input and waits for gzip: a write error of its own (a full disk) is the error.
  Result<bool> Finish();

 private:
  GzipChild child_;
  UniqueFd in_;
  GzipClock::time_point deadline_;
};

}  // namespace rocm_doctor::system
