#include "gate/deadline_system_view.h"

#include <csignal>

namespace rocm_doctor::gate {

using std::chrono::duration_cast;
using std::chrono::milliseconds;

DeadlineSystemView::DeadlineSystemView(std::shared_ptr<const SystemView> inner,
                                       Clock::time_point deadline, milliseconds reserve)
    : inner_(std::move(inner)), cutoff_(deadline - reserve) {}

FileContent DeadlineSystemView::ReadFile(std::string_view path, std::size_t limit) const {
  return inner_->ReadFile(path, limit);
}
DirListing DeadlineSystemView::ListDir(std::string_view path) const {
  return inner_->ListDir(path);
}
LinkTarget DeadlineSystemView::ReadLink(std::string_view path) const {
  return inner_->ReadLink(path);
}
NodeInfo DeadlineSystemView::Stat(std::string_view path) const { return inner_->Stat(path); }
std::optional<std::string> DeadlineSystemView::GetEnv(std::string_view name) const {
  return inner_->GetEnv(name);
}
std::map<std::string, std::string> DeadlineSystemView::Environment() const {
  return inner_->Environment();
}
UnameInfo DeadlineSystemView::Uname() const { return inner_->Uname(); }
UserInfo DeadlineSystemView::CurrentUser() const { return inner_->CurrentUser(); }
KernelLog DeadlineSystemView::ReadKernelLog() const { return inner_->ReadKernelLog(); }
FsSpace DeadlineSystemView::StatFs(std::string_view path) const { return inner_->StatFs(path); }
bool DeadlineSystemView::IsReplay() const { return inner_->IsReplay(); }
std::string DeadlineSystemView::Describe() const { return inner_->Describe(); }

CommandOutcome DeadlineSystemView::Run(const CommandSpec& spec) const {
  // A replay serves recordings: nothing runs, so nothing needs cutting.
  if (inner_->IsReplay()) return inner_->Run(spec);
  const auto left = duration_cast<milliseconds>(cutoff_ - Clock::now());
  if (left <= milliseconds(0)) {
    CommandOutcome out;
    out.state = CommandOutcome::State::kTimedOut;
    out.signal = SIGKILL;
    out.error = "not started: the run's deadline had passed";
    return out;
  }
  if (left >= spec.timeout) return inner_->Run(spec);
  CommandSpec cut = spec;
  cut.timeout = left;
  CommandOutcome out = inner_->Run(cut);
  if (out.state == CommandOutcome::State::kTimedOut) {
    out.error += " (its own timeout of " + std::to_string(spec.timeout.count()) +
                 " ms was cut to fit the run's deadline)";
  }
  return out;
}

}  // namespace rocm_doctor::gate
