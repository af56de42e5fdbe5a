/// The computed style of one element: property name to value, as CSS text.
///
/// Holds every property the element declares (after `inherit`, `initial` and `unset` are
/// resolved and shorthands expanded) and every inherited property an ancestor declares.
/// A property that is absent has its initial value (``value(_:)`` supplies it). Values are
/// not parsed here: `currentColor` stays as written and the renderer resolves it with `color`.
public struct ComputedStyle: Sendable, Hashable {
  public var values: [String: String]

  public init(_ values: [String: String] = [:]) { self.values = values }

  /// The value given to `name` on this element or inherited from an ancestor; nil when the
  /// property was never set (its initial value applies).
  public subscript(_ name: String) -> String? {
    get { values[name] }
    set { values[name] = newValue }
  }

  /// The value of `name`, or its initial value from ``Properties`` when it was never set.
  public func value(_ name: String) -> String? { values[name] ?? Properties.initialValue(name) }

  public var isEmpty: Bool { values.isEmpty }
}
