import CCairo
import Glibc
import Testing

@testable import SVGRender

/// An image cleared on another core while the band plan runs (``Bitmap/clearing``): the
/// plan gets a surface of the image's size, and the image is transparent once it returns,
/// even where malloc hands back memory that held other bytes.
@Suite struct BitmapClearingTests {
  @Test(arguments: [(60, 60, 0), (800, 600, 8)])
  func theImageIsTransparentAndTheWorkSeesItsSize(_ size: (Int, Int, Int)) {
    let (width, height, spare) = size
    let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
    // Memory that held other bytes, for malloc to hand out again.
    let dirty = malloc(stride * height)!
    memset(dirty, 0xA5, stride * height)
    free(dirty)
    let (bitmap, seen) = Bitmap.clearing(width: width, height: height, spareRows: spare) {
      bitmap in
      bitmap.withSurface {
        (cairo_image_surface_get_width($0), cairo_image_surface_get_height($0))
      }
    }
    #expect(seen == (Int32(width), Int32(height)))
    #expect(bitmap.pixels.count == stride * height)
    #expect(bitmap.pixels.capacity >= stride * (height + spare))
    #expect(bitmap.pixels.allSatisfy { $0 == 0 })
  }
}

/// The clearing is done once, by the first thread to claim it: a render waiting on a busy
/// thread pool clears the image itself, and a late worker leaves it alone.
@Suite struct ClearingJobTests {
  @Test func theWaiterClearsWhenNoThreadHasBegunAndALateRunDoesNothing() {
    var pixels = [UInt8](repeating: 0xA5, count: 64 << 10)
    pixels.withUnsafeMutableBufferPointer { buffer in
      let job = Bitmap.ClearingJob(buffer.baseAddress!, count: buffer.count, capacity: buffer.count)
      job.finish()
      #expect(buffer.allSatisfy { $0 == 0 })
      buffer[0] = 7
      job.run()
      #expect(buffer[0] == 7)
    }
  }

  @Test func aRunBeforeTheWaiterClears() {
    var pixels = [UInt8](repeating: 0xA5, count: 64 << 10)
    pixels.withUnsafeMutableBufferPointer { buffer in
      let job = Bitmap.ClearingJob(buffer.baseAddress!, count: buffer.count, capacity: buffer.count)
      job.run()
      job.finish()
      #expect(buffer.allSatisfy { $0 == 0 })
    }
  }
}
