import SVGGeometry
import SVGRender
import SVGTree

/// `insertImage`: a photo (PNG, JPEG or WebP, as a `data:` URL) placed on top of the drawing
/// as an `<image>`, the last child of the root element.
///
/// The photo is decoded first, with the decoders the renderer uses, so anything that is not
/// an image is refused before it reaches the document, and so is a photo over
/// ``maxPixels`` or one that would take the document over its size limit
/// (`Limits.maxInputBytes` of the session's render options: the document must still read).
public enum ImageInsertion {
  /// The most pixels an inserted photo may have: 16 megapixels, counted as 16 × 2²⁰ =
  /// 16,777,216 pixels (a 16 MP camera's 4,920 × 3,264 photos stay under it).
  public static let maxPixels = 16 << 20

  /// The formats accepted, as the decoders name them: what cameras and phones write.
  public static let formats: Set<String> = ["png", "jpeg", "webp"]

  /// The prefix of the `id` given to an inserted image (`inkpath-image-1`, ...), so that
  /// later commands (`moveBy`, `bringToFront`) can name it.
  public static let idPrefix = "inkpath-image-"
}

extension EditableDocument {
  /// Adds the photo of `dataURL` as an `<image>` filling `box` (document coordinates, the
  /// photo's aspect ratio kept inside it) on top of the drawing.
  func insertImage(_ box: Rect, _ dataURL: String, _ c: ScriptCommand, in edit: inout Edit)
    throws(CommandError)
  {
    let at = c.location(ofArgument: 4)
    let data: DataURL
    do { data = try DataURL(parsing: dataURL) } catch {
      throw CommandError("insertImage: \(error.message)", at: at)
    }
    let info: RasterImage.Info
    do {
      info = try RasterImage.inspect(data.bytes, maxPixels: ImageInsertion.maxPixels)
    } catch {
      throw CommandError("insertImage: \(error.message)", at: at)
    }
    guard ImageInsertion.formats.contains(info.format) else {
      throw CommandError(
        "insertImage: a \(info.format.uppercased()) image; a photo is PNG, JPEG or WebP", at: at)
    }
    let root = current.root ?? Document.top
    var node = Node(
      kind: .element, name: "image", prefix: current[root].prefix,
      namespaceURI: current[root].namespaceURI)
    node.setAttribute("id", freshImageID())
    for (name, v) in [("x", box.x), ("y", box.y), ("width", box.width), ("height", box.height)] {
      node.setAttribute(name, Command.number(v))
    }
    node.setAttribute("href", dataURL)
    _ = edit.insert(node, into: root, at: current[root].children.count)
    let limit = renderOptions.limits.maxInputBytes
    let size = edit.document.serialized().utf8.count
    guard size <= limit else {
      throw CommandError(
        "insertImage: with this \(info.width)x\(info.height) photo the document would be "
          + "\(size) bytes, over the document size limit of \(limit) bytes", at: at)
    }
  }

  /// `inkpath-image-N` with the smallest N that no element has.
  private func freshImageID() -> String {
    var n = 1
    while current.element(withID: ImageInsertion.idPrefix + String(n)) != nil { n += 1 }
    return ImageInsertion.idPrefix + String(n)
  }
}
