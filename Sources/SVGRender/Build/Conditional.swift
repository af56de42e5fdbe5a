import Foundation
import SVGTree

/// Conditional processing: `systemLanguage`, `requiredExtensions`, `requiredFeatures`
/// on any element, and `<switch>`, which renders its first child whose conditions pass.
enum Conditional {
  static func passes(_ id: NodeID, context: BuildContext) -> Bool {
    let n = context.document[id]
    if let ext = n.attribute("requiredExtensions") {
      // No extension is supported; an empty list is false too (SVG 1.1).
      _ = ext
      return false
    }
    if let langs = n.attribute("systemLanguage") {
      let wanted = langs.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
      guard wanted.contains(where: { lang in
        !lang.isEmpty && context.options.languages.contains { matches(user: $0.lowercased(), lang) }
      }) else { return false }
    }
    return true
  }

  /// `en` matches `en` and `en-US`; `en-US` matches only the user language `en-US` or `en`.
  private static func matches(user: String, _ lang: String) -> Bool {
    user == lang || lang.hasPrefix(user + "-") || user.hasPrefix(lang + "-")
  }

  static func firstPassingChild(of id: NodeID, context: BuildContext) -> NodeID? {
    context.document[id].children.first { child in
      context.document.isSVGElement(child) && passes(child, context: context)
        && context.style(child).isDisplayed
    }
  }
}
