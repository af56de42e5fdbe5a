import CZlib
import Glibc

extension Document {
  /// Reads an SVG (or gzip-compressed `.svgz`) document from bytes.
  /// - Parameter path: used in error messages and as the base for relative references.
  public init(bytes: consuming [UInt8], path: String? = nil, limits: Limits = .default)
    throws(SVGError)
  {
    if Gzip.isCompressed(bytes) {
      bytes = try Gzip.inflate(bytes, limit: limits.maxInputBytes, path: path)
    }
    self = try XMLReader(limits: limits, path: path).read(consume bytes)
  }

  /// Reads an SVG document from a string.
  public init(string: String, path: String? = nil, limits: Limits = .default) throws(SVGError) {
    try self.init(bytes: Array(string.utf8), path: path, limits: limits)
  }

  /// Reads an SVG or SVGZ file. `-` reads standard input.
  public init(contentsOfFile path: String, limits: Limits = .default) throws(SVGError) {
    let bytes = try FileInput.read(path, limit: limits.maxInputBytes)
    try self.init(bytes: consume bytes, path: path == "-" ? "<stdin>" : path, limits: limits)
  }
}

/// Reads whole files (or standard input) with a size cap, reporting errors as ``SVGError``.
enum FileInput {
  static func read(_ path: String, limit: Int) throws(SVGError) -> [UInt8] {
    do {
      return try BoundedFile.read(path, maxBytes: limit)
    } catch {
      switch error.kind {
      case .overLimit:
        throw SVGError(.limit, "input is over the limit of \(limit) bytes", file: path)
      default: throw SVGError(.io, error.reason, file: path)
      }
    }
  }
}

extension Document {
  /// ``written()`` for a file at `path`: gzip-compressed when the name ends in `.svgz`.
  public func written(forPath path: String) -> [UInt8] {
    let bytes = written()
    return path.lowercased().hasSuffix(".svgz") ? Gzip.deflate(bytes) : bytes
  }
}

/// gzip for `.svgz`: inflation with a cap on the inflated size (an svgz bomb stops there),
/// and deflation for writing.
enum Gzip {
  static func deflate(_ input: [UInt8]) -> [UInt8] {
    var stream = z_stream()
    guard
      deflateInit2_(
        &stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY,
        ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
    else { return input }
    defer { deflateEnd(&stream) }
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))))
    var input = input
    let written = input.withUnsafeMutableBufferPointer { inBuf in
      output.withUnsafeMutableBufferPointer { outBuf in
        stream.next_in = inBuf.baseAddress
        stream.avail_in = uInt(inBuf.count)
        stream.next_out = outBuf.baseAddress
        stream.avail_out = uInt(outBuf.count)
        return CZlib.deflate(&stream, Z_FINISH) == Z_STREAM_END
          ? outBuf.count - Int(stream.avail_out) : nil
      }
    }
    guard let written else { return input }
    return Array(output[0..<written])
  }

  static func isCompressed(_ bytes: [UInt8]) -> Bool {
    bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
  }

  static func inflate(_ input: [UInt8], limit: Int, path: String?) throws(SVGError) -> [UInt8] {
    var stream = z_stream()
    guard inflateInit2_(&stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
    else { throw SVGError(.io, "cannot start gzip decompression", file: path) }
    defer { inflateEnd(&stream) }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    var status: Int32 = Z_OK
    var input = input
    input.withUnsafeMutableBufferPointer { inBuf in
      stream.next_in = inBuf.baseAddress
      stream.avail_in = uInt(inBuf.count)
      while status == Z_OK && output.count <= limit {
        chunk.withUnsafeMutableBufferPointer { outBuf in
          stream.next_out = outBuf.baseAddress
          stream.avail_out = uInt(outBuf.count)
          status = CZlib.inflate(&stream, Z_NO_FLUSH)
          output.append(contentsOf: outBuf[0..<(outBuf.count - Int(stream.avail_out))])
        }
        if status == Z_BUF_ERROR && stream.avail_in == 0 { break }
      }
    }
    guard output.count <= limit else {
      throw SVGError(.limit, "gzip data inflates past the limit of \(limit) bytes", file: path)
    }
    guard status == Z_STREAM_END else {
      throw SVGError(.io, "corrupt or truncated gzip data", file: path)
    }
    return output
  }
}
