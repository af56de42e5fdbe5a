import CLibXML2
import Glibc

/// Values as libxml2 hands them over without entity substitution: names from its
/// dictionary, namespace URIs and attribute values whose references are expanded here.
extension TreeBuilder {
  func charge(_ n: Int) throws(SVGError) {
    expanded += n
    if expanded > limits.maxEntityExpansion {
      throw SVGError(
        .limit, "entity expansion over the limit of \(limits.maxEntityExpansion) characters")
    }
  }

  /// Names come from libxml2's dictionary, so each distinct pointer is decoded (and looked
  /// up among SVG's element names) once.
  func name(_ p: UnsafePointer<xmlChar>) -> String { internedName(p).name }

  func internedName(_ p: UnsafePointer<xmlChar>) -> (name: String, element: ElementName?) {
    let key = UnsafeRawPointer(p)
    // A direct-mapped cache in front of the dictionary: a drawing uses a few dozen names,
    // and hashing the pointer for every element and attribute shows in the profile.
    // Names lie a few bytes apart in libxml2's pools: Fibonacci hashing spreads them.
    let slot = Int(
      truncatingIfNeeded: (UInt64(UInt(bitPattern: key)) &* 0x9E37_79B9_7F4A_7C15) >> 58)
    if recentNames[slot].key == key { return (recentNames[slot].name, recentNames[slot].element) }
    let known: (name: String, element: ElementName?)
    if let k = names[key] {
      known = k
    } else {
      let s = String(cString: p)
      known = (s, ElementName(localName: s))
      names[key] = known
    }
    recentNames[slot] = (key, known.name, known.element)
    return known
  }

  /// A namespace URI; `&ns_svg;`-style references (Illustrator) are expanded. An `interned`
  /// URI lies in libxml2's dictionary, so its pointer is its identity.
  func namespaceURI(_ p: UnsafePointer<xmlChar>, interned: Bool) throws(SVGError) -> String {
    let key = UnsafeRawPointer(p)
    // Elements and attributes mostly repeat a few URIs (pointers into the dictionary): the
    // element's, `xlink:`'s, an editor's own.
    for recent in recentNamespaceURIs where recent.key == key { return recent.uri }
    defer {
      if interned, let uri = namespaceURIs[key] {
        recentNamespaceURIs[nextRecentNamespaceURI] = (key, uri)
        nextRecentNamespaceURI = (nextRecentNamespaceURI + 1) % recentNamespaceURIs.count
      }
    }
    if interned, let s = namespaceURIs[key] { return s }
    var s = String(cString: p)
    if s.utf8.contains(UInt8(ascii: "&")) { s = try expandReferences(in: s) }
    // The constant itself, whose storage a comparison with it finds identical at once (the
    // namespace test of every element would otherwise compare its 26 bytes).
    if s == XMLNamespace.svg { s = XMLNamespace.svg }
    if interned { namespaceURIs[key] = s }
    return s
  }

  /// An attribute value. Without entity substitution libxml2 leaves `&name;` for internal
  /// entities and writes `&` itself as `&#38;`, so every `&` here starts a reference.
  /// The search is libc's `memchr`, many bytes at a step: a path's data runs to megabytes.
  func attributeValue(_ bytes: UnsafeBufferPointer<UInt8>) throws(SVGError) -> String {
    let s = String(decoding: bytes, as: UTF8.self)
    guard let base = bytes.baseAddress, memchr(base, Int32(UInt8(ascii: "&")), bytes.count) != nil
    else { return s }
    return try expandReferences(in: s)
  }

  /// Expands character references, the predefined entities and internal entities (whose
  /// text may hold references again), charging each internal entity's length.
  func expandReferences(in s: String, depth: Int = 0) throws(SVGError) -> String {
    guard depth < 40 else { throw SVGError(.limit, "entities nested deeper than 40") }
    var out = ""
    var rest = Substring(s)
    while let amp = rest.firstIndex(of: "&"), let semi = rest[amp...].firstIndex(of: ";") {
      out += rest[..<amp]
      let ref = rest[rest.index(after: amp)..<semi]
      if ref.hasPrefix("#"), let scalar = Self.characterReference(ref.dropFirst()) {
        out.unicodeScalars.append(scalar)
      } else if let predefined = Self.predefined[String(ref)] {
        out += predefined
      } else if let ent = xmlGetDocEntity(dtdDocument, String(ref)),
        let content = ent.pointee.content
      {
        try charge(Int(ent.pointee.length))
        let text = String(cString: content)
        out += text.contains("&") ? try expandReferences(in: text, depth: depth + 1) : text
      } else {
        out += rest[amp...semi]
      }
      rest = rest[rest.index(after: semi)...]
    }
    return out + rest
  }

  static let predefined = ["lt": "<", "gt": ">", "amp": "&", "apos": "'", "quot": "\""]

  static func characterReference(_ digits: Substring) -> Unicode.Scalar? {
    let value =
      digits.first == "x" || digits.first == "X"
      ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
    return value.flatMap(Unicode.Scalar.init)
  }

  /// The default (unprefixed) namespace in scope at `id`.
  func defaultNamespace(at id: NodeID) -> String? {
    var current: NodeID? = id
    while let c = current {
      let n = document[c]
      if let d = n.namespaces.first(where: { $0.prefix == nil }) {
        return d.uri.isEmpty ? nil : d.uri
      }
      if n.isElement, n.prefix == nil, let ns = n.namespaceURI { return ns }
      current = n.parent
    }
    return nil
  }
}
