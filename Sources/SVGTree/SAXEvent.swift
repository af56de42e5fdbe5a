import CLibXML2
import Glibc

/// One of libxml2's SAX events as the tree builder takes it (``TreeBuilder/take(_:)``): this
/// fixed part, followed in memory by a start tag's namespaces (``SAXNamespace``) and
/// attributes (``SAXAttribute``).
///
/// The parser's thread writes the record (``SAXRecorder``). Read in one thread, it points at
/// the values where libxml2 has them and is taken at once, inside the callback; read in two
/// (``ParseTape``), the builder takes it later, on the other thread, so its values point
/// into the input where libxml2 left them as they stand there, and are copied beside it
/// otherwise. Names stay pointers into libxml2's dictionary, which every context of a
/// parse shares and which lives as long as the parse: the same pointer is the same name.
/// What the builder would otherwise ask libxml2's context (where the parser stands, an
/// entity's length) is read into the record while the event is current.
struct SAXEvent {
  enum Kind: UInt8 {
    case startElement, endElement, characters, cdata, comment, processingInstruction, doctype
    /// The replacement of an internal entity was delivered.
    case reference
  }

  var kind: Kind
  /// From the document's own context, not from an entity's replacement text.
  var isMain: Bool
  /// `uri` lies in libxml2's dictionary.
  var uriInterned = false
  /// The document context's line where libxml2 stands when it reports the event (entity
  /// content is placed at the reference's line).
  var line: Int32 = 0
  /// Start tag: the offset in the input of the `>` (the `/` of `/>`) that libxml2 stands at,
  /// -1 when libxml2 reads transcoded bytes (UTF-16, a declared legacy encoding), whose
  /// offsets are not the input's.
  var offset = -1
  /// Start tag: where it starts (``startTagLocation(_:)``).
  var location = SourceLocation.unknown
  /// Element: local name; processing instruction: target; reference: the entity's name.
  var name: UnsafePointer<xmlChar>? = nil
  var prefix: UnsafePointer<xmlChar>? = nil
  var uri: UnsafePointer<xmlChar>? = nil
  /// Text, CDATA, a comment, a processing instruction's data or a reference's entity name.
  var bytes: UnsafePointer<UInt8>? = nil
  /// The length of `bytes`.
  var count = 0
  /// Reference: the length of the entity's replacement text, -1 when the entity is unknown.
  var entityLength = -1
  var namespaceCount = 0
  var attributeCount = 0
  /// How many of the attributes (the last ones) libxml2 added from the DTD's defaults.
  var defaultedCount = 0
  /// Doctype: libxml2's document, which keeps the DTD.
  var document: xmlDocPtr? = nil
  /// The record's size with what follows it: the next record starts that far on.
  var size = 0

  init(_ kind: Kind, isMain: Bool) {
    self.kind = kind
    self.isMain = isMain
  }

  /// The text of `bytes` (empty when libxml2 gave none).
  var text: String {
    guard let bytes else { return "" }
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }
}

/// A namespace declaration of a start tag.
struct SAXNamespace {
  var prefix: UnsafePointer<xmlChar>?
  var uri: UnsafePointer<xmlChar>?
  var uriInterned: Bool
}

/// An attribute of a start tag; its value is `length` bytes at `value`, entity references
/// still in it (``TreeBuilder/attributeValue(_:)``).
struct SAXAttribute {
  var name: UnsafePointer<xmlChar>?
  var prefix: UnsafePointer<xmlChar>?
  var uri: UnsafePointer<xmlChar>?
  var uriInterned: Bool
  var value: UnsafePointer<UInt8>?
  var length: Int
}

extension UnsafePointer<SAXEvent> {
  var namespaces: UnsafeBufferPointer<SAXNamespace> {
    UnsafeBufferPointer(
      start: UnsafeRawPointer(self + 1).assumingMemoryBound(to: SAXNamespace.self),
      count: pointee.namespaceCount)
  }

  var attributes: UnsafeBufferPointer<SAXAttribute> {
    UnsafeBufferPointer(
      start: (UnsafeRawPointer(self + 1) + pointee.namespaceCount * SAXEvent.namespaceStride)
        .assumingMemoryBound(to: SAXAttribute.self),
      count: pointee.attributeCount)
  }
}

extension SAXEvent {
  static let stride = MemoryLayout<SAXEvent>.stride
  static let namespaceStride = MemoryLayout<SAXNamespace>.stride
  static let attributeStride = MemoryLayout<SAXAttribute>.stride

  /// `n` rounded up to a record's alignment.
  static func aligned(_ n: Int) -> Int { (n + 15) & ~15 }
}
