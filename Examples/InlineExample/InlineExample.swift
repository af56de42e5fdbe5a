import Foundation

/// An example of the `InlineSVGPlugin`: `Art/badge.svg` refers to `Art/badge.js`, and the
/// plugin ships the badge with the script embedded.
public enum InlineExample {
  /// The processed badge, as the target's resource bundle holds it.
  public static var badgeURL: URL? { Bundle.module.url(forResource: "badge", withExtension: "svg") }
}
