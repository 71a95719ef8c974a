// SPDX-License-Identifier: MIT
// Benchmark figures of two reports: matched by benchmark and device, judged against the noise
// band their runs' spreads give (docs/diff.md, "Benchmark figures").
#include <algorithm>
#include <cmath>
#include <string_view>

#include "diff/report_diff.h"

namespace rocm_doctor::diff {
namespace {

using Row = fleet::ReportDetails::Benchmark;

// The helper's statuses for a benchmark that was meant to run and broke (docs/hip-helper.md);
// "skipped" is a benchmark that does not apply (no peer GPU), not a breakage.
bool Broken(const std::string& status) {
  return status == "failed" || status == "verify_failed" || status == "timeout";
}

Better BetterOf(const Row& row) {
  if (row.limit_kind == "floor") return Better::kHigher;
  if (row.limit_kind == "ceiling") return Better::kLower;
  if (row.unit == "B/s" || row.unit == "FLOP/s" || row.unit == "OP/s" || row.unit == "launch/s") {
    return Better::kHigher;
  }
  if (row.unit == "s" || row.unit == "errors") return Better::kLower;
  return Better::kUnknown;
}

bool SameModel(const Row& a, const Row& b) {
  return !a.device_name || !b.device_name || *a.device_name == *b.device_name;
}

std::string DeviceLabel(const Row* base, const Row* current) {
  const Row& r = current ? *current : *base;
  if (r.pci) {
    if (base && current && base->pci && *base->pci != *current->pci) {
      return *base->pci + " -> " + *current->pci;
    }
    return *r.pci;
  }
  if (r.device) return "device " + std::to_string(*r.device);
  return "GPU";
}

std::string WithReason(const std::string& status, const std::optional<std::string>& reason) {
  return reason && !reason->empty() ? status + ": " + *reason : status;
}

// Within-run spreads present, the widest; else the default. Never below the minimum.
void SetBand(const Row& base, const Row& current, const DiffOptions& options, FigureChange& f) {
  f.base_spread = base.spread;
  f.current_spread = current.spread;
  double band = options.default_band;
  f.band_basis = "default";
  if (base.spread || current.spread) {
    band = std::max(base.spread.value_or(0), current.spread.value_or(0));
    f.band_basis = "spread";
  }
  if (band < options.min_band) {
    band = options.min_band;
    f.band_basis = "minimum";
  }
  f.band = band;
}

void JudgeValues(const Row& base, const Row& current, const DiffOptions& options, FigureChange& f) {
  if (base.median && current.median) {
    f.statistic = "median";
    f.base = base.median;
    f.current = current.median;
  } else if (base.best && current.best) {
    f.statistic = "best";
    f.base = base.best;
    f.current = current.best;
  } else {
    f.change = Change::kChanged;
    f.note = "no figure in both reports";
    return;
  }
  const double b = *f.base, c = *f.current;
  if (b > 0) f.ratio = c / b;
  if (f.unit == "errors") {
    // A count: any new error is a regression, whatever the noise of timed figures.
    f.change = c > b ? Change::kRegression : c < b ? Change::kImprovement : Change::kNone;
    return;
  }
  SetBand(base, current, options, f);
  if (f.better == Better::kUnknown) {
    f.change = Change::kChanged;
    f.note = "unit " + f.unit + " has no known better direction: not judged";
    return;
  }
  if (!f.ratio) {
    f.change = b == c ? Change::kNone : Change::kChanged;
    if (b != c) f.note = "the base figure is 0: no ratio";
    return;
  }
  const double ratio = *f.ratio, band = *f.band;
  const bool higher = f.better == Better::kHigher;
  if (ratio < 1 - band) {
    f.change = higher ? Change::kRegression : Change::kImprovement;
  } else if (ratio > 1 + band) {
    f.change = higher ? Change::kImprovement : Change::kRegression;
  } else {
    f.change = Change::kNone;
  }
}

}  // namespace

std::string_view ToString(Better better) {
  switch (better) {
    case Better::kHigher:
      return "higher";
    case Better::kLower:
      return "lower";
    case Better::kUnknown:
      return "unknown";
  }
  return "unknown";
}

FigureChange JudgeFigure(const Row* base, const Row* current, const DiffOptions& options) {
  const Row& any = current ? *current : *base;
  FigureChange f;
  f.name = any.name;
  f.unit = any.unit;
  f.device = DeviceLabel(base, current);
  f.device_name = any.device_name;
  f.better = BetterOf(any);
  if (base) {
    f.base_pci = base->pci;
    f.base_device = base->device;
    f.base_status = base->status;
    f.base_spread = base->spread;
  }
  if (current) {
    f.current_pci = current->pci;
    f.current_device = current->device;
    f.current_status = current->status;
    f.current_spread = current->spread;
  }
  auto shown = [](const Row& r) { return r.median ? r.median : r.best; };
  if (!base || !current) {
    // In one report only: listed, not judged.
    f.change = base ? Change::kRemoved : Change::kAdded;
    f.statistic = any.median ? "median" : "best";
    (base ? f.base : f.current) = any.status == "ok" ? shown(any) : std::nullopt;
    if (any.status != "ok") f.note = WithReason(any.status, any.reason);
    return f;
  }
  if (base->unit != current->unit) {
    f.change = Change::kChanged;
    f.note = "unit " + base->unit + " in the base, " + current->unit + " now: not compared";
    return f;
  }
  const bool base_ok = base->status == "ok", current_ok = current->status == "ok";
  if (base_ok && current_ok) {
    JudgeValues(*base, *current, options, f);
    return f;
  }
  if (base_ok) f.base = shown(*base);
  if (current_ok) f.current = shown(*current);
  f.statistic = "median";
  if (Broken(current->status) && !Broken(base->status)) {
    f.change = Change::kRegression;
    f.note = "now " + WithReason(current->status, current->reason);
  } else if (Broken(base->status) && current_ok) {
    f.change = Change::kImprovement;
    f.note = "was " + WithReason(base->status, base->reason);
  } else if (base->status == current->status) {
    f.change = Change::kNone;  // not measured in either (e.g. skipped: no peer GPU)
    f.note = WithReason(current->status, current->reason);
  } else {
    f.change = Change::kChanged;
    f.note = base->status + " -> " + WithReason(current->status, current->reason);
  }
  return f;
}

std::vector<FigureChange> CompareFigures(const std::vector<Row>& base,
                                         const std::vector<Row>& current,
                                         const DiffOptions& options) {
  std::vector<const Row*> match(current.size(), nullptr);
  std::vector<bool> taken(base.size(), false);
  // One pass per way of telling the device: the PCI address (the same host), the runtime
  // ordinal of the same GPU model (another host: a golden node), neither in either report.
  auto pass = [&](auto same_device) {
    for (std::size_t i = 0; i < current.size(); ++i) {
      if (match[i]) continue;
      for (std::size_t j = 0; j < base.size(); ++j) {
        if (taken[j] || base[j].name != current[i].name || !SameModel(base[j], current[i]) ||
            !same_device(base[j], current[i])) {
          continue;
        }
        match[i] = &base[j];
        taken[j] = true;
        break;
      }
    }
  };
  pass([](const Row& b, const Row& c) { return b.pci && c.pci && *b.pci == *c.pci; });
  pass([](const Row& b, const Row& c) { return b.device && c.device && *b.device == *c.device; });
  pass([](const Row& b, const Row& c) { return !b.pci && !c.pci && !b.device && !c.device; });

  std::vector<FigureChange> out;
  for (std::size_t i = 0; i < current.size(); ++i) {
    // A benchmark measured in neither report (skipped in both, or skipped in the only one
    // that has it) is not a figure.
    if (!match[i] && current[i].status == "skipped") continue;
    FigureChange f = JudgeFigure(match[i], &current[i], options);
    if (f.change == Change::kNone && !f.base && !f.current) continue;
    out.push_back(std::move(f));
  }
  for (std::size_t j = 0; j < base.size(); ++j) {
    if (!taken[j] && base[j].status != "skipped") {
      out.push_back(JudgeFigure(&base[j], nullptr, options));
    }
  }
  return out;
}

}  // namespace rocm_doctor::diff
