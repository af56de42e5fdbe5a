/// The `style` attributes one cascade has read, by their text.
///
/// Drawing programs write a `style` attribute on nearly every element, and many elements
/// of a drawing share the same one (in the 299 drawings of `scripts/bench thumbs`, 5,998
/// attributes hold 2,762 different texts). Each text is parsed once per cascade; an element
/// whose style is that attribute alone (no presentation attribute, no style sheet rule)
/// takes the values it declares as they were worked out for the first such element.
struct InlineStyles {
  private struct Entry {
    var declarations: [Declaration]
    /// The values the declarations give an element that declares nothing else.
    var alone: StyleEntries?
  }

  /// Each text's place in `entries`.
  private var slots: [String: Int] = [:]
  private var entries: [Entry] = []

  /// The declarations of `text`, in order (``Declaration/list(parsing:)``).
  mutating func declarations(_ text: String) -> [Declaration] {
    entries[slot(text)].declarations
  }

  /// The values of an element that declares only `text`: computed by `make` from its
  /// declarations the first time.
  mutating func valuesAlone(_ text: String, _ make: ([Declaration]) -> StyleEntries)
    -> StyleEntries
  {
    let i = slot(text)
    if let alone = entries[i].alone { return alone }
    let values = make(entries[i].declarations)
    entries[i].alone = values
    return values
  }

  /// Where `text` is kept, parsed on its first use. The text is hashed once: a text seen
  /// before is found, a new one given the next place, in one access to `slots` (most texts
  /// are new, and a lookup, an insertion and a lookup again hashed each of them three times).
  private mutating func slot(_ text: String) -> Int {
    let next = entries.count
    let i = Self.read(&slots[text, default: next])
    if i == next { entries.append(Entry(declarations: Declaration.list(parsing: text))) }
    return i
  }

  /// The value of a slot accessed for writing, which inserts a missing key's default.
  private static func read(_ slot: inout Int) -> Int { slot }
}
