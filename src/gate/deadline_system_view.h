#pragma once
// DeadlineSystemView: a decorator that gives every command it runs at most the time left before
// one deadline (gate --deadline), so a probe that would hang for its own 20 s is killed in time
// and the gate still answers inside Slurm's or node-problem-detector's limit. Everything else is
// passed to `inner` unchanged.
#include <chrono>
#include <memory>

#include "rocm_doctor/system_view.h"

namespace rocm_doctor::gate {

class DeadlineSystemView : public SystemView {
 public:
  using Clock = std::chrono::steady_clock;
  // `reserve`: time kept back at the end for what comes after the diagnosis (scontrol, output).
  DeadlineSystemView(std::shared_ptr<const SystemView> inner, Clock::time_point deadline,
                     std::chrono::milliseconds reserve);

  FileContent ReadFile(std::string_view path, std::size_t limit) const override;
  DirListing ListDir(std::string_view path) const override;
  LinkTarget ReadLink(std::string_view path) const override;
  NodeInfo Stat(std::string_view path) const override;
  std::optional<std::string> GetEnv(std::string_view name) const override;
  std::map<std::string, std::string> Environment() const override;
  UnameInfo Uname() const override;
  UserInfo CurrentUser() const override;
  // Runs `spec` with its timeout cut to the time left; once none is left the command is not
  // started and the outcome is kTimedOut with an error that says so.
  CommandOutcome Run(const CommandSpec& spec) const override;
  KernelLog ReadKernelLog() const override;
  FsSpace StatFs(std::string_view path) const override;
  bool IsReplay() const override;
  std::string Describe() const override;

 private:
  std::shared_ptr<const SystemView> inner_;
  Clock::time_point cutoff_;  // deadline - reserve
};

}  // namespace rocm_doctor::gate
