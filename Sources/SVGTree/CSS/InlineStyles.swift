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

  private var entries: [String: Entry] = [:]

  /// The declarations of `text`, in order (``Declaration/list(parsing:)``).
  mutating func declarations(_ text: String) -> [Declaration] {
    entries.values[index(text)].declarations
  }

  /// The values of an element that declares only `text`: computed by `make` from its
  /// declarations the first time.
  mutating func valuesAlone(_ text: String, _ make: ([Declaration]) -> StyleEntries)
    -> StyleEntries
  {
    let i = index(text)
    if let alone = entries.values[i].alone { return alone }
    let values = make(entries.values[i].declarations)
    entries.values[i].alone = values
    return values
  }

  /// Where `text` is kept, parsed on its first use (the text is hashed once per call).
  private mutating func index(_ text: String) -> Dictionary<String, Entry>.Index {
    if let i = entries.index(forKey: text) { return i }
    entries[text] = Entry(declarations: Declaration.list(parsing: text))
    return entries.index(forKey: text)!
  }
}
