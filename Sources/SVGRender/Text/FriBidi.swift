import CFriBidi

/// Every call into GNU FriBidi, kept in this one file apart from the bidi logic in ``Bidi``.
/// The library is loaded only for text that needs it
/// (``Bidi/needsFriBidi(_:paragraph:segments:)``).
enum FriBidi {
  /// The paragraph's base direction: left-to-right, right-to-left, or found from its
  /// first strong character (rules P2 and P3).
  enum BaseDirection { case ltr, rtl, auto }

  /// The resolved embedding level of each character of one paragraph that is laid out as
  /// one line (UAX #9 rules P2 to I2 and L1, explicit formatting characters included),
  /// and whether the resolved paragraph direction is right-to-left. Nil when FriBidi fails
  /// (out of memory).
  static func levels(_ text: [UInt32], base: BaseDirection) -> (levels: [Int8], rtl: Bool)? {
    let n = text.count
    guard n > 0, n < Int(Int32.max) else { return ([], base == .rtl) }
    var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: n)
    var brackets = [FriBidiBracketType](repeating: 0, count: n)
    var levels = [FriBidiLevel](repeating: 0, count: n)
    var direction: FriBidiParType =
      switch base {
      case .ltr: inkpath_fribidi_par_ltr
      case .rtl: inkpath_fribidi_par_rtl
      case .auto: inkpath_fribidi_par_on
      }
    let length = FriBidiStrIndex(n)
    let ok = text.withUnsafeBufferPointer { chars -> Bool in
      fribidi_get_bidi_types(chars.baseAddress, length, &types)
      fribidi_get_bracket_types(chars.baseAddress, length, types, &brackets)
      guard fribidi_get_par_embedding_levels_ex(types, brackets, length, &direction, &levels) != 0
      else { return false }
      // Rule L1 part 4 (white space at the end of the line takes the paragraph level).
      return fribidi_reorder_line(
        inkpath_fribidi_flags_default, types, length, 0, direction, &levels, nil, nil) != 0
    }
    guard ok else { return nil }
    return (levels, direction == inkpath_fribidi_par_rtl)
  }
}
