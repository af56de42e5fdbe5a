/// Which external files a document may read (images, style sheets, scripts to inline).
/// The network is never reachable, whatever the policy.
public enum ResourcePolicy: Sendable, Hashable {
  /// No external reference is followed.
  case none
  /// Only `data:` URLs.
  case dataOnly
  /// `data:` URLs and regular files under `baseDirectory` (after resolving `..` and
  /// symbolic links).
  case files(baseDirectory: String)
}
