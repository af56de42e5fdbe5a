/// SHA-256 (FIPS 180-4), for ETags: a content hash that a client cannot collide on purpose,
/// so a shared cache can trust it.
struct SHA256 {
  private var state: [UInt32] = [
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab,
    0x5be0_cd19,
  ]
  private var buffer: [UInt8] = []
  private var length: UInt64 = 0

  private static let k: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
    0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe,
    0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f,
    0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7,
    0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc,
    0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b,
    0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070, 0x19a4_c116,
    0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
    0xc671_78f2,
  ]

  init() {}

  mutating func update<C: Collection>(_ bytes: C) where C.Element == UInt8 {
    if bytes.withContiguousStorageIfAvailable({ update(UnsafeRawBufferPointer($0)) }) == nil {
      Array(bytes).withUnsafeBytes { update($0) }
    }
  }

  /// Whole blocks straight from `bytes`; only a partial block is copied into the buffer.
  mutating func update(_ bytes: UnsafeRawBufferPointer) {
    length &+= UInt64(bytes.count)
    var rest = bytes[...]
    if !buffer.isEmpty {
      let n = min(64 - buffer.count, rest.count)
      buffer.append(contentsOf: rest.prefix(n))
      rest = rest.dropFirst(n)
      guard buffer.count == 64 else { return }
      buffer.withUnsafeBytes { compress($0.baseAddress!) }
      buffer.removeAll(keepingCapacity: true)
    }
    while rest.count >= 64 {
      compress(UnsafeRawBufferPointer(rebasing: rest).baseAddress!)
      rest = rest.dropFirst(64)
    }
    buffer.append(contentsOf: rest)
  }

  mutating func update(_ text: String) { update(Array(text.utf8)) }

  /// The digest; the hasher is spent afterwards.
  mutating func finalize() -> [UInt8] {
    let bits = length &* 8
    var tail: [UInt8] = [0x80]
    while (buffer.count + tail.count) % 64 != 56 { tail.append(0) }
    for i in (0..<8).reversed() { tail.append(UInt8(truncatingIfNeeded: bits >> (UInt64(i) * 8))) }
    let saved = length
    update(tail)
    length = saved
    return state.flatMap { w in (0..<4).reversed().map { UInt8(truncatingIfNeeded: w >> ($0 * 8)) }
    }
  }

  /// The lowercase hex digest of `parts`, each preceded by its length so that no two lists
  /// of parts hash alike.
  static func hex(_ parts: [[UInt8]]) -> String {
    var h = SHA256()
    for p in parts {
      h.update(String(p.count).utf8)
      h.update([0])
      h.update(p)
    }
    return h.finalize().map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

  private mutating func compress(_ block: UnsafeRawPointer) {
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
      for t in 0..<16 {
        w[t] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: t * 4, as: UInt32.self))
      }
      for t in 16..<64 {
        let s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3)
        let s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10)
        w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
      }
      state.withUnsafeMutableBufferPointer { state in
        Self.k.withUnsafeBufferPointer { k in
          var (a, b, c, d, e, f, g, h) = (
            state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7]
          )
          for t in 0..<64 {
            let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
            let ch = (e & f) ^ (~e & g)
            let t1 = h &+ s1 &+ ch &+ k[t] &+ w[t]
            let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
            let maj = (a & b) ^ (a & c) ^ (b & c)
            let t2 = s0 &+ maj
            (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
          }
          state[0] &+= a
          state[1] &+= b
          state[2] &+= c
          state[3] &+= d
          state[4] &+= e
          state[5] &+= f
          state[6] &+= g
          state[7] &+= h
        }
      }
    }
  }

}

private func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
