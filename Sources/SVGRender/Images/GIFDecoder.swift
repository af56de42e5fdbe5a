import CGif

/// GIF through giflib: the first frame, placed on the logical screen (transparent around
/// it), with its Graphics Control Extension's transparent colour. Animation is not played.
enum GIFDecoder {
  static func decode(_ bytes: [UInt8], maxPixels: Int) throws(ImageDecodingError) -> Bitmap {
    var source = Source(bytes: bytes)
    return try withUnsafeMutablePointer(to: &source) { pointer throws(ImageDecodingError) in
      var error: Int32 = 0
      guard
        let gif = DGifOpen(
          pointer,
          { gif, buffer, length in
            gif!.pointee.UserData.assumingMemoryBound(to: Source.self).pointee
              .read(into: buffer, count: Int(length))
          }, &error)
      else {
        throw ImageDecodingError("corrupt GIF: \(message(error))")
      }
      defer { DGifCloseFile(gif, nil) }
      return try firstFrame(gif, maxPixels: maxPixels)
    }
  }

  private static func firstFrame(_ gif: UnsafeMutablePointer<GifFileType>, maxPixels: Int)
    throws(ImageDecodingError) -> Bitmap
  {
    let screenWidth = Int(gif.pointee.SWidth)
    let screenHeight = Int(gif.pointee.SHeight)
    try ImageDecoder.checkSize(screenWidth, screenHeight, maxPixels: maxPixels)
    var transparent = -1
    var record = UNDEFINED_RECORD_TYPE
    repeat {
      guard DGifGetRecordType(gif, &record) == GIF_OK else {
        throw ImageDecodingError("corrupt GIF: \(message(gif.pointee.Error))")
      }
      switch record {
      case EXTENSION_RECORD_TYPE:
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetExtension(gif, &code, &block) == GIF_OK else {
          throw ImageDecodingError("corrupt GIF: \(message(gif.pointee.Error))")
        }
        if code == GRAPHICS_EXT_FUNC_CODE, let block {
          var control = GraphicsControlBlock()
          if DGifExtensionToGCB(Int(block[0]), block + 1, &control) == GIF_OK {
            transparent = Int(control.TransparentColor)
          }
        }
        while block != nil {
          guard DGifGetExtensionNext(gif, &block) == GIF_OK else {
            throw ImageDecodingError("corrupt GIF: \(message(gif.pointee.Error))")
          }
        }
      case IMAGE_DESC_RECORD_TYPE:
        guard DGifGetImageDesc(gif) == GIF_OK else {
          throw ImageDecodingError("corrupt GIF: \(message(gif.pointee.Error))")
        }
        // The frame's rows are all decoded, even those off the screen: cap them too.
        let frame = gif.pointee.Image
        try ImageDecoder.checkSize(Int(frame.Width), Int(frame.Height), maxPixels: maxPixels)
        return try readFrame(gif, screenWidth, screenHeight, transparent: transparent)
      default:
        break
      }
    } while record != TERMINATE_RECORD_TYPE
    throw ImageDecodingError("the GIF has no image")
  }

  private static func readFrame(
    _ gif: UnsafeMutablePointer<GifFileType>, _ screenWidth: Int, _ screenHeight: Int,
    transparent: Int
  ) throws(ImageDecodingError) -> Bitmap {
    let desc = gif.pointee.Image
    let (left, top) = (Int(desc.Left), Int(desc.Top))
    let (width, height) = (Int(desc.Width), Int(desc.Height))
    guard let map = desc.ColorMap ?? gif.pointee.SColorMap else {
      throw ImageDecodingError("corrupt GIF: no colour table")
    }
    let colors = Int(map.pointee.ColorCount)
    var palette = [UInt32](repeating: 0, count: 256)
    for i in 0..<min(colors, 256) where i != transparent {
      let c = map.pointee.Colors[i]
      palette[i] = 0xFF00_0000 | UInt32(c.Red) << 16 | UInt32(c.Green) << 8 | UInt32(c.Blue)
    }
    // Interlaced frames arrive in four passes of rows.
    var rows: [Int] = []
    if desc.Interlace {
      for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] {
        rows += Swift.stride(from: start, to: height, by: step)
      }
    } else {
      rows = Array(0..<height)
    }
    var bitmap = Bitmap(width: screenWidth, height: screenHeight)
    let stride = bitmap.stride
    var line = [GifPixelType](repeating: 0, count: width)
    for y in rows {
      let status = line.withUnsafeMutableBufferPointer {
        DGifGetLine(gif, $0.baseAddress, Int32(width))
      }
      guard status == GIF_OK else {
        throw ImageDecodingError("corrupt GIF: \(message(gif.pointee.Error))")
      }
      let targetY = top + y
      guard targetY < screenHeight else { continue }
      bitmap.pixels.withUnsafeMutableBytes { target in
        for x in 0..<width where left + x < screenWidth {
          target.storeBytes(
            of: palette[Int(line[x])], toByteOffset: targetY * stride + (left + x) * 4,
            as: UInt32.self)
        }
      }
    }
    return bitmap
  }

  private static func message(_ code: Int32) -> String {
    GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
  }

  private struct Source {
    let bytes: [UInt8]
    var offset = 0

    mutating func read(into target: UnsafeMutablePointer<GifByteType>?, count: Int) -> Int32 {
      guard let target else { return 0 }
      let n = min(count, bytes.count - offset)
      guard n > 0 else { return 0 }
      bytes.withUnsafeBufferPointer { target.update(from: $0.baseAddress! + offset, count: n) }
      offset += n
      return Int32(n)
    }
  }
}
