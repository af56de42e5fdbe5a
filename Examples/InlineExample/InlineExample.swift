import Foundation

/// An example of the `InlineSVGPlugin`: `Art/badge.svg` refers to `Art/badge.js`, and the
/// plugin ships the badge with the script embedded. `svg-inline.options` asks for style
/// sheets too: `Art/Day/sky.svg` and `Art/Night/sky.svg` share a name, so they ship as
/// `Art-Day-sky.svg` and `Art-Night-sky.svg`, each with its own `sky.css` inlined.
public enum InlineExample {
  /// The processed badge, as the target's resource bundle holds it.
  public static var badgeURL: URL? { Bundle.module.url(forResource: "badge", withExtension: "svg") }

  /// The processed sky of `Art/Day` or `Art/Night`.
  public static func skyURL(_ time: String) -> URL? {
    Bundle.module.url(forResource: "Art-\(time)-sky", withExtension: "svg")
  }
}
