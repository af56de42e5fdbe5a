/// One property's value in a style: the property's number (see ``Properties/number(_:)``)
/// and its value as CSS text.
package struct StyleEntry: Sendable, Hashable {
  package var property: UInt8
  package var value: String

  package init(_ property: UInt8, _ value: String) {
    self.property = property
    self.value = value
  }
}

/// Properties and their values, sorted by property number, each property at most once: a
/// style as a few fields in one small array, read without hashing (the cascade runs once
/// per element of every drawing, and dictionaries of names cost more than the values).
package struct StyleEntries: Sendable, Hashable {
  package private(set) var entries: [StyleEntry] = []

  package init() {}

  package init(_ values: [String: String]) {
    for (name, value) in values {
      if let n = Properties.number(name) { self[n] = value }
    }
  }

  package var isEmpty: Bool { entries.isEmpty }

  /// The value of the property numbered `n`, if set.
  package subscript(_ n: UInt8) -> String? {
    get {
      for e in entries {
        if e.property == n { return e.value }
        if e.property > n { break }
      }
      return nil
    }
    set {
      var i = 0
      while i < entries.count, entries[i].property < n { i += 1 }
      let found = i < entries.count && entries[i].property == n
      switch (found, newValue) {
      case (true, let v?): entries[i].value = v
      case (true, nil): entries.remove(at: i)
      case (false, let v?):
        // Appended and moved down into place: `insert(_:at:)` costs several times more
        // for a few entries, and the cascade inserts for every declaration.
        // Room for a few at once: most elements set a handful of properties.
        if entries.count == entries.capacity { entries.reserveCapacity(max(4, 2 * entries.count)) }
        entries.append(StyleEntry(n, v))
        entries.withUnsafeMutableBufferPointer { b in
          var j = b.count - 1
          while j > i {
            b.swapAt(j, j - 1)
            j -= 1
          }
        }
      case (false, nil): break
      }
    }
  }

  /// The entries of inherited properties only.
  package var inheritedOnly: StyleEntries {
    var out = self
    out.entries.removeAll { !Properties.inheritedByNumber[Int($0.property)] }
    return out
  }

  /// The same values by property name.
  package var dictionary: [String: String] {
    Dictionary(
      uniqueKeysWithValues: entries.map { (Properties.all[Int($0.property)].name, $0.value) })
  }
}

/// The computed style of one element: property to value, as CSS text.
///
/// Holds every property the element declares (after `inherit`, `initial` and `unset` are
/// resolved and shorthands expanded) and every inherited property an ancestor declares.
/// A property that is absent has its initial value (``value(_:)`` supplies it). Values are
/// not parsed here: `currentColor` stays as written and the renderer resolves it with `color`.
/// Only properties the cascade knows (``Properties``) are kept.
public struct ComputedStyle: Sendable, Hashable {
  package var entries: StyleEntries

  public init(_ values: [String: String] = [:]) { entries = StyleEntries(values) }

  package init(entries: StyleEntries) { self.entries = entries }

  /// Every property set, by name.
  public var values: [String: String] { entries.dictionary }

  /// The value given to `name` on this element or inherited from an ancestor; nil when the
  /// property was never set (its initial value applies) or is not one ``Properties`` knows.
  public subscript(_ name: String) -> String? {
    get { Properties.number(name).flatMap { entries[$0] } }
    set { if let n = Properties.number(name) { entries[n] = newValue } }
  }

  /// The value of `name`, or its initial value from ``Properties`` when it was never set.
  public func value(_ name: String) -> String? { self[name] ?? Properties.initialValue(name) }

  public var isEmpty: Bool { entries.isEmpty }
}
