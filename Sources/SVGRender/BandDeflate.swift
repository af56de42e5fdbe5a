import CIsal
import CZlib

extension ParallelPNG {
  /// The stream a band's rows are deflated into (``ParallelPNG/deflater(width:height:count:)``).
  enum DeflateInto {
    case zlib(UnsafeMutablePointer<z_stream>)
    case igzip(UnsafeMutablePointer<isal_zstream>)
  }

  /// The most bytes of rows un-premultiplied and deflated at a time: below the position at
  /// which zlib slides its window, twice the window (32 KiB at most) less its lookahead
  /// margin of 262 bytes.
  static let blockBytes = 63 << 10

  /// Raw deflate of `rows` (each a filter byte of 0 and straight RGBA), ending with a sync
  /// flush so the next band's stream continues it, or with the final block when `last`. An
  /// igzip stream starts with the row above as its dictionary, so `rows` must not start at 0.
  ///
  /// The rows are un-premultiplied a block (at most ``blockBytes``) at a time. zlib deflates
  /// each block afresh (`deflateReset` after a sync flush), as bands are: it then never
  /// slides its window, which costs it, for every 32 KiB of input, a pass over its 32 Ki
  /// back-links and its hash table. On the 40 largest openclipart drawings at 800 px that
  /// pass was 7% of `svg-render`'s instructions; the blocks' first rows, which can no longer
  /// refer to the rows above, make the files 3.8% larger. igzip slides its window cheaply
  /// and takes the blocks as one stream.
  static func deflate(
    _ pixels: UnsafeRawBufferPointer, width: Int, stride: Int, rows: Range<Int>, last: Bool,
    into stream: DeflateInto
  ) -> Band {
    var band = Band()
    let rowBytes = 1 + width * 4
    let rowsPerBlock = max(1, min(rows.count, blockBytes / rowBytes))
    let block = UnsafeMutableRawPointer.allocate(byteCount: rowBytes * rowsPerBlock, alignment: 16)
    defer { block.deallocate() }
    // Output passes through this, all of a small band's at once.
    let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(
      capacity: min(64 << 10, rows.count * rowBytes + rows.count * rowBytes / 1000 + 64))
    defer { scratch.deallocate() }
    band.data.reserveCapacity(rows.count * rowBytes / 8)
    if case .igzip(let z) = stream {
      // The row above is the stream's dictionary (``igzipBand``); row 0 has none.
      precondition(rows.lowerBound > 0, "an igzip stream starts after row 0")
      block.storeBytes(of: 0, as: UInt8.self)
      PNGEncoder.unpremultiply(
        pixels, row: rows.lowerBound - 1, width: width, stride: stride, into: block + 1)
      let row = block.assumingMemoryBound(to: UInt8.self)
      guard isal_deflate_set_dict(z, row, UInt32(rowBytes)) == COMP_OK else {
        band.failed = true
        return band
      }
    }
    var y = rows.lowerBound
    repeat {
      let n = min(rowsPerBlock, rows.upperBound - y)
      for k in 0..<n {
        block.storeBytes(of: 0, toByteOffset: k * rowBytes, as: UInt8.self)
        PNGEncoder.unpremultiply(
          pixels, row: y + k, width: width, stride: stride, into: block + k * rowBytes + 1)
      }
      let bytes = n * rowBytes
      band.adler = UInt(Adler32.update(UInt32(band.adler), block, count: bytes))
      band.length += bytes
      let first = y == rows.lowerBound
      y += n
      let input = UnsafeMutableBufferPointer(
        start: block.assumingMemoryBound(to: UInt8.self), count: bytes)
      guard
        stream.deflate(
          input, first: first, end: y == rows.upperBound, last: last, scratch: scratch,
          into: &band.data)
      else {
        band.failed = true
        return band
      }
    } while y < rows.upperBound
    return band
  }
}

extension ParallelPNG.DeflateInto {
  /// Deflates the next block of a band's rows, its `first` and at its `end` (the band's
  /// `last` when it ends the image), through `scratch` into `out`; false when deflate fails.
  /// zlib deflates each block afresh (a reset unless it is the first) and ends it with a
  /// sync flush, or the final block; igzip continues the band's stream and ends it so.
  func deflate(
    _ input: UnsafeMutableBufferPointer<UInt8>, first: Bool, end: Bool, last: Bool,
    scratch: UnsafeMutableBufferPointer<UInt8>, into out: inout [UInt8]
  ) -> Bool {
    switch self {
    case .zlib(let z):
      if !first, deflateReset(z) != Z_OK { return false }
      z.pointee.next_in = input.baseAddress
      z.pointee.avail_in = UInt32(input.count)
      return Self.drain(scratch, into: &out) { next, room in
        z.pointee.next_out = next
        z.pointee.avail_out = room
        let status = CZlib.deflate(z, end && last ? Z_FINISH : Z_SYNC_FLUSH)
        return status == Z_STREAM_ERROR ? nil : z.pointee.avail_out
      }
    case .igzip(let z):
      z.pointee.next_in = input.baseAddress
      z.pointee.avail_in = UInt32(input.count)
      z.pointee.end_of_stream = end && last ? 1 : 0
      z.pointee.flush = UInt16(end && !last ? SYNC_FLUSH : NO_FLUSH)
      return Self.drain(scratch, into: &out) { next, room in
        z.pointee.next_out = next
        z.pointee.avail_out = room
        return isal_deflate(z) == COMP_OK ? z.pointee.avail_out : nil
      } && z.pointee.avail_in == 0
    }
  }

  /// Runs `step` (one deflate call writing at most `room` bytes at `next`, returning the
  /// room it left, nil when it failed) until it leaves room, which both libraries do only
  /// once nothing is pending; appends what each call wrote to `out`.
  private static func drain(
    _ scratch: UnsafeMutableBufferPointer<UInt8>, into out: inout [UInt8],
    _ step: (_ next: UnsafeMutablePointer<UInt8>, _ room: UInt32) -> UInt32?
  ) -> Bool {
    var left: UInt32
    repeat {
      guard let room = step(scratch.baseAddress!, UInt32(scratch.count)) else { return false }
      left = room
      out.append(
        contentsOf: UnsafeBufferPointer(rebasing: scratch.prefix(scratch.count - Int(left))))
    } while left == 0
    return true
  }
}
