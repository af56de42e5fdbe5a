import Glibc

/// The GNU build ID of the running program: what the ETags of rendered output hash beside
/// their inputs. The bytes of a render depend on the code as well as on the drawing (an
/// encoder setting or a rasterizer fix changes them), so a strong, `immutable` ETag of the
/// inputs alone would name different bytes after an upgrade. Replicas running the same build
/// agree, given the same shared libraries loaded when first called (HarfBuzz and FreeType
/// shape and draw text; libisal deflates PNGs, and zlib does where it is missing, in other
/// bytes): replicas of one image. An upgrade changes every such ETag once.
enum BuildIdentity {
  /// Empty when the program was linked without a build ID (`--build-id=none`); the ETags are
  /// then those of the inputs alone.
  static let current: [UInt8] = {
    // Read from the file the process runs (/proc/self/exe stays the running build even when
    // an upgrade replaces the file on disk): the ELF header, its program headers, the notes.
    let fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return [] }
    defer { close(fd) }
    func read(_ count: Int, at offset: Int) -> [UInt8] {
      var bytes = [UInt8](repeating: 0, count: count)
      let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
      return n == count ? bytes : []
    }
    let header = read(MemoryLayout<Elf64_Ehdr>.size, at: 0)
    guard header.starts(with: [0x7f, 0x45, 0x4c, 0x46, 2]) else { return [] }  // ELF, 64-bit
    let ehdr = header.withUnsafeBytes { $0.loadUnaligned(as: Elf64_Ehdr.self) }
    let size = Int(ehdr.e_phentsize)
    guard size >= MemoryLayout<Elf64_Phdr>.size, ehdr.e_phnum < 256 else { return [] }
    for i in 0..<Int(ehdr.e_phnum) {
      let bytes = read(size, at: Int(ehdr.e_phoff) + i * size)
      guard !bytes.isEmpty else { return [] }
      let phdr = bytes.withUnsafeBytes { $0.loadUnaligned(as: Elf64_Phdr.self) }
      guard phdr.p_type == UInt32(PT_NOTE), phdr.p_filesz < 1 << 16 else { continue }
      let id = read(Int(phdr.p_filesz), at: Int(phdr.p_offset)).withUnsafeBytes(gnuBuildID(in:))
      if !id.isEmpty { return id }
    }
    return []
  }()

  /// The descriptor of the `NT_GNU_BUILD_ID` note among the ELF notes in `notes`.
  static func gnuBuildID(in notes: UnsafeRawBufferPointer) -> [UInt8] {
    var offset = 0
    let aligned = { (n: Int) in (n + 3) & ~3 }
    while offset + 12 <= notes.count {
      let nameSize = Int(notes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
      let descSize = Int(notes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
      let type = notes.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self)
      let name = offset + 12
      let desc = name + aligned(nameSize)
      guard desc + descSize <= notes.count else { break }
      if type == 3, nameSize == 4, Array(notes[name..<name + 4]) == Array("GNU\0".utf8) {
        return Array(notes[desc..<desc + descSize])
      }
      offset = desc + aligned(descSize)
    }
    return []
  }
}
