// SPDX-License-Identifier: MIT
#include "system/json_strict.h"

#include <set>
#include <string>
#include <vector>

namespace rocm_doctor::system {
namespace {

using nlohmann::json;

constexpr std::size_t kMaxShown = 120;  // characters of a key or path in the message

// Thrown out of the parser callback to stop at the first duplicate; never leaves this file.
struct DuplicateKey {
  std::string message;
};

// JSON string escaping (ensure_ascii): control bytes, ESC and non-ASCII become \uXXXX, so the
// text is printable whatever the key held; invalid UTF-8 becomes U+FFFD.
std::string Shown(const std::string& text) {
  return json(text.size() > kMaxShown ? text.substr(0, kMaxShown) + "..." : text)
      .dump(-1, ' ', true, json::error_handler_t::replace);
}

// The containers open at the parser's position, outermost first.
class KeyTracker {
 public:
  bool operator()(int /*depth*/, json::parse_event_t event, json& parsed) {
    switch (event) {
      case json::parse_event_t::object_start:
        stack_.push_back(Frame{true, {}, {}, 0});
        break;
      case json::parse_event_t::array_start:
        stack_.push_back(Frame{false, {}, {}, 0});
        break;
      case json::parse_event_t::key: {
        Frame& top = stack_.back();
        top.key = parsed.get<std::string>();
        if (!top.keys.insert(top.key).second) {
          throw DuplicateKey{"duplicate key " + Shown(parsed.get<std::string>()) + " in " +
                             Where()};
        }
        break;
      }
      case json::parse_event_t::object_end:
      case json::parse_event_t::array_end:
        if (!stack_.empty()) stack_.pop_back();
        Element();
        break;
      case json::parse_event_t::value:
        Element();
        break;
    }
    return true;
  }

 private:
  struct Frame {
    bool object = false;
    std::set<std::string, std::less<>> keys;
    std::string key;        // of the member being parsed (objects)
    std::size_t index = 0;  // of the element being parsed (arrays)
  };

  // A value ended: the array it is in moves on to its next element.
  void Element() {
    if (!stack_.empty() && !stack_.back().object) ++stack_.back().index;
  }

  // "the top level", or the path of the object holding the key: "nodes./dev/kfd", "x[1]".
  std::string Where() const {
    if (stack_.size() <= 1) return "the top level";
    std::string path;
    for (std::size_t i = 0; i + 1 < stack_.size(); ++i) {
      const Frame& frame = stack_[i];
      if (frame.object) {
        if (!path.empty()) path += '.';
        path += frame.key;
      } else {
        path += "[" + std::to_string(frame.index) + "]";
      }
    }
    return Shown(path);
  }

  std::vector<Frame> stack_;
};

}  // namespace

Result<json> ParseJsonNoDuplicates(std::string_view text) {
  KeyTracker tracker;
  try {
    // The parser copies its callback: the lambda holds the one tracker by reference.
    json::parser_callback_t callback = [&tracker](int depth, json::parse_event_t event,
                                                  json& parsed) {
      return tracker(depth, event, parsed);
    };
    return json::parse(text.begin(), text.end(), callback);
  } catch (const DuplicateKey& duplicate) {
    return Error{duplicate.message};
  } catch (const json::exception& e) {
    return Error{e.what()};
  }
}

}  // namespace rocm_doctor::system
