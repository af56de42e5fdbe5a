import Foundation

/// Small images for the decoder and image tests, made with Pillow and embedded as base64 so
/// the tests need no files.
public enum ImageFixtures {
  /// An 8x8 red JPEG (YCbCr, quality 95).
  public static let jpegRed = """
    /9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAIBAQEBAQIBAQECAgICAgQDAgICAgUEBAMEBgUGBgYFBgYGBwkIBgcJ
    BwYGCAsICQoKCgoKBggLDAsKDAkKCgr/2wBDAQICAgICAgUDAwUKBwYHCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoK
    CgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgr/wAARCAAIAAgDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAA
    AAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAk
    M2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKT
    lJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QA
    HwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdh
    cRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hp
    anN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk
    5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwD4vooor+Uz/fw//9k=
    """
  /// An 8x8 greyscale JPEG of value 128.
  public static let jpegGray = """
    /9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAIBAQEBAQIBAQECAgICAgQDAgICAgUEBAMEBgUGBgYFBgYGBwkIBgcJ
    BwYGCAsICQoKCgoKBggLDAsKDAkKCgr/wAALCAAIAAgBAREA/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcI
    CQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcY
    GRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKj
    pKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/9oACAEBAAA/ACv/
    2Q==
    """
  /// An 8x8 Adobe CMYK JPEG of pure red (C=0, M=Y=100%, K=0).
  public static let jpegCMYK = """
    /9j/7gAOQWRvYmUAZAAAAAAA/9sAQwACAQEBAQECAQEBAgICAgIEAwICAgIFBAQDBAYFBgYGBQYGBgcJCAYHCQcG
    BggLCAkKCgoKCgYICwwLCgwJCgoK/8AAFAgACAAIBEMRAE0RAFkRAEsRAP/EAB8AAAEFAQEBAQEBAAAAAAAAAAAB
    AgMEBQYHCAkKC//EALUQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNi
    coIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SV
    lpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+v/aAA4E
    QwBNAFkASwAAPwD9/K/n/r+f+v38r//Z
    """
  /// A 2x2 GIF: red, green / blue, transparent (palette index 3 is the transparent colour).
  public static let gif = "R0lGODlhAgACAIEAAP8AAAD/AAAA/////yH5BAEAAAMALAAAAAACAAIAAAgHAAEEEDAgIAA7"
  /// A 16x16 interlaced GIF whose even rows are red and odd rows blue.
  public static let gifInterlaced = """
    R0lGODdhEAAQAIEAAP8AAAAA/wAAAAAAACwAAAAAEAAQAEAIJwABCBxIsKDBgwgTKlzIsKHDhwgDSJxIsaLFixgz
    atzIsaPHjxgDAgA7
    """
  /// A 2x2 lossless WebP: (0,0) red at alpha 128, (1,0) opaque blue, second row red at alpha 128.
  public static let webp = "UklGRiQAAABXRUJQVlA4TBcAAAAvAUAAEA8Q87//D/wPBwoBBEBBE9H/cAA="
  /// A two-frame animated WebP (4x4 red, then green).
  public static let webpAnimated = """
    UklGRoQAAABXRUJQVlA4WAoAAAACAAAAAwAAAwAAQU5JTQYAAAAAAAAAAABBTk1GKAAAAAAAAAAAAAMAAAMAAAAA
    AAJWUDhMDwAAAC8DwAAABxD9j/4HIqL/AQBBTk1GKAAAAAAAAAAAAAMAAAMAAAAAAABWUDhMDwAAAC8DwAAAB9D/
    iP4HIqL/AQA=
    """
  /// A gzip-compressed SVG (svgz), 4x4 user units filled with lime.
  public static let svgz = """
    H4sIAC1yDGsC/22MQQ6AIAzAvkL2AEbUkwE+o8iWgBpYnM9X796atKnvVzZ3LXsPQCLnjKiqVkd7tIyDcw7fAozy
    KhRgAkOJM8mH0be0yK8yG5cSoHBNgNF/j/gAjnS9kWsAAAA=
    """

  public static func bytes(_ base64: String) -> [UInt8] {
    [UInt8](Data(base64Encoded: base64, options: .ignoreUnknownCharacters)!)
  }
}
