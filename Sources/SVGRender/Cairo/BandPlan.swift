import CCairo
import SVGGeometry
import SVGTree

/// What the bands of an image would stroke and paint, gathered before drawing by one walk of
/// the tree that draws nothing (``CairoRenderer/survey``): every stroke that could raise
/// the band hazard (``BandChords``) with the clip extents it is drawn under in the whole
/// image, the rows of every drawing operation that no band may cut (``UnplacedGradient``),
/// and whatever no band draws as the whole image does: such an operation on a layer, a clip
/// path that cairo holds as boxes (``BandClips``).
final class ChordSurvey {
  /// A stroke with curves or dashes (or under a stretch cairo takes for unit scale), and the
  /// device clip extents it is drawn under in the whole image (a mask's region, an image's
  /// clip).
  struct Entry {
    let stroke: BandChords.StrokedPath
    let clip: (x0: Double, y0: Double, x1: Double, y1: Double)

    /// Whether the stroke may raise the hazard in the band of device rows `top` to `bottom`
    /// (whose clip is those rows and the rows above and below them that it discards, the
    /// whole width, within ``clip``).
    func mayDiffer(rows top: Int, _ bottom: Int) -> Bool {
      let clipTop = Double(BandedRaster.clipTop(top))
      let clipBottom = Double(bottom + BandedRaster.trailRows)
      return stroke.mayDiffer(
        clip: (clip.x0, max(clip.y0, clipTop), clip.x1, min(clip.y1, clipBottom)))
    }
  }

  private(set) var strokes: [Entry] = []
  /// The strokes a band draws unclipped where its clip would change them
  /// (`UnclippedStroke.swift`), and their work (``BandWork``).
  private(set) var unclipped: [Entry] = []
  private(set) var unclippedWork = 0.0
  /// Whether the plan keeps edges off the strokes drawn unclipped too, as off those that
  /// raise the hazard: a band draws all of such a stroke (and copies its rows), so where
  /// they are more than ``maxUnclippedShare`` of the work, each band would draw most of the
  /// image. Of 2,000 random openclipart drawings at 800 px, 32 were kept in one band only by
  /// such strokes: drawn in bands, they took as long as before (some 1.4 times as long,
  /// their strokes half the work or more); with this share, 21 of them are, and the 32 take
  /// 0.90x the time.
  private(set) lazy var avoidsUnclipped = unclippedWork > Self.maxUnclippedShare * work.total
  static let maxUnclippedShare = 0.4
  /// The device rows of each drawing operation painted with a gradient that cannot be placed
  /// in device space (``UnplacedGradient``).
  var unplaced: [ClosedRange<Double>] = []
  /// How many layers the walk is in.
  var layers = 0
  /// Why no band would draw as the whole image does, or nil.
  var refusal: String?
  /// How the drawing work is spread over the image's rows.
  var work: BandWork
  /// The image's height.
  var rows: Int { work.rows }

  /// The rows of each stroke and operation that would raise the band hazard in the band of
  /// device rows `top` to `bottom`.
  func offenders(rows top: Int, _ bottom: Int) -> [ClosedRange<Double>] {
    let clip = (
      Double(BandedRaster.clipTop(top)), Double(BandedRaster.clipBottom(bottom, height: rows))
    )
    let avoided = avoidsUnclipped ? strokes + unclipped : strokes
    return avoided.filter { $0.mayDiffer(rows: top, bottom) }.map(\.stroke.rows)
      + unplaced.filter { UnplacedGradient.isCut($0, by: clip, height: Double(rows)) }
  }

  /// A survey of an image `rows` high.
  init(rows: Int) { work = BandWork(rows: rows) }

  /// Adds the work of `path` filled, or stroked with `stroke`, under the matrix of `cr`
  /// (see ``BandWork``), and returns it.
  @discardableResult
  func addWork(_ path: Path, on cr: OpaquePointer, stroke: Stroke? = nil) -> Double {
    var m = cairo_matrix_t()
    cairo_get_matrix(cr, &m)
    var reach = 0.0
    if let stroke {
      // Half the width in device pixels (a non-scaling stroke's width already is).
      let scale = stroke.nonScaling ? 1 : (abs(m.xx * m.yy - m.xy * m.yx)).squareRoot()
      reach = stroke.width * scale / 2
    }
    return work.add(path, matrix: m, reach: reach, sides: stroke == nil ? 1 : 2)
  }

  /// Adds the stroke about to be drawn on `cr` (its path, matrix and style set) if it could
  /// raise the hazard in some band; with `work`, one a band would draw unclipped, of that
  /// work.
  func add(strokeOn cr: OpaquePointer, hasCurves: Bool, unclippedWork work: Double? = nil) {
    guard let (reach, rows, clip) = BandChords.Reach.extents(on: cr, hasCurves: hasCurves),
      // A stroke that cannot reach the image draws in no band.
      clip.x1 > clip.x0, clip.y1 > clip.y0, rows.overlaps(clip.y0...clip.y1)
    else { return }
    let entry = Entry(
      stroke: BandChords.StrokedPath(on: cr, reach: reach, rows: rows), clip: clip)
    if let work {
      unclipped.append(entry)
      unclippedWork += work
    } else {
      strokes.append(entry)
    }
  }
}

/// Where an image is cut into bands. Bands with even shares of the drawing work are tried
/// first (``BandWork``; of the rows when it was not estimated); where a stroke would raise
/// the band hazard at an edge (a curve chorded in one band but not in the whole image, next
/// to a segment that reaches into the band), the edge moves past the stroke's rows, up or
/// down, by at most half an even band. When no such rows are found the image is drawn in one
/// band from the start, so that no image is drawn twice.
enum BandPlan {
  /// Candidate rows tried per edge before giving up.
  static let maxTries = 32

  /// The rows at which `rows` of an image are cut into `count` bands (first and last the
  /// rows' own: `0..<height` for a whole image, some of them for a partial redraw), or nil
  /// when some band would raise the hazard whatever the edges.
  static func edges(count: Int, rows: Range<Int>, survey: ChordSurvey) -> [Int]? {
    guard count > 1, rows.count >= count, survey.refusal == nil else { return nil }
    let targets = targets(count: count, rows: rows, survey: survey)
    let end = rows.upperBound
    var edges = [rows.lowerBound]
    for k in 1..<count {
      let target = min(max(targets[k], edges[k - 1] + 1), end - count + k)
      let next = targets[k + 1]
      let shift = rows.count / (2 * count)
      // Every band keeps at least a row.
      let (low, high) = (
        max(edges[k - 1] + 1, target - shift), min(target + shift, end - count + k)
      )
      guard low <= high else { return nil }
      let range = low...high
      var candidates = [target]
      var tried = Set<Int>()
      var found: Int?
      while found == nil, tried.count < maxTries {
        // The untried candidate nearest the edge tried first.
        guard
          let e = candidates.filter({ range.contains($0) && !tried.contains($0) })
            .min(by: { abs($0 - target) < abs($1 - target) })
        else { break }
        tried.insert(e)
        let offenders =
          survey.offenders(rows: edges[k - 1], e) + survey.offenders(rows: e, max(next, e + 1))
        guard !offenders.isEmpty else {
          found = e
          break
        }
        // Just above or below the rows of a stroke or operation (by the rows the band above
        // the edge draws below it, or the band under it above it), the edge no longer cuts
        // it.
        for rows in offenders {
          candidates.append(Int(rows.lowerBound.rounded(.down)) - 1 - BandedRaster.trailRows)
          candidates.append(Int(rows.upperBound.rounded(.up)) + 1 + BandedRaster.settleRows)
        }
      }
      guard let e = found else { return nil }
      edges.append(e)
    }
    edges.append(end)
    // Every band with its final edges.
    for k in 0..<count where !survey.offenders(rows: edges[k], edges[k + 1]).isEmpty {
      return nil
    }
    return edges
  }

  /// The edges tried first (first and last the rows' own): for a whole image, each band an
  /// equal share of the work where the survey estimated it (``BandWork``), else of the
  /// rows.
  static func targets(count: Int, rows: Range<Int>, survey: ChordSurvey) -> [Int] {
    let whole = rows.lowerBound == 0 && rows.upperBound == survey.rows
    let balanced = whole ? survey.work.balancedEdges(count: count) : nil
    return (0...count).map { k in
      guard let balanced, k > 0, k < count else {
        return rows.lowerBound + rows.count * k / count
      }
      return balanced[k - 1]
    }
  }
}

extension RenderTree {
  /// The edges the band plan tries first for this tree drawn at `width` × `height` in
  /// `count` bands (see ``BandPlan/targets(count:rows:survey:)``), for the band tests.
  package func bandTargets(width: Int, height: Int, count: Int) -> [Int] {
    BandPlan.targets(
      count: count, rows: 0..<height, survey: survey(width: width, height: height))
  }

  /// Why no band draws this tree at `width` × `height` as the whole image does, whatever
  /// its edges (the survey's refusal, see ``ChordSurvey``), or nil.
  package func surveyRefusal(width: Int, height: Int) -> String? {
    survey(width: width, height: height).refusal
  }

  /// The survey of this tree drawn at `width` × `height` on a bitmap of its own.
  private func survey(width: Int, height: Int) -> ChordSurvey {
    var bitmap = Bitmap(width: width, height: height)
    return survey(
      of: &bitmap, drawing: Size(width: Double(width), height: Double(height)),
      budget: PixelBudget(maxPixels: Limits.default.maxPixels))
  }

  /// The survey walk of the tree drawn into `bitmap` (see ``ChordSurvey``); with
  /// `clipRows`, of the shapes that can reach those device rows only.
  func survey(
    of bitmap: inout Bitmap, drawing: Size, budget: PixelBudget,
    clipRows: (top: Double, bottom: Double)? = nil
  ) -> ChordSurvey {
    let survey = ChordSurvey(rows: bitmap.height)
    let coverageMask = CoverageMask(width: bitmap.width, height: bitmap.height)
    bitmap.withSurface { surface in
      let cr = cairo_create(surface)!
      draw(
        on: cr, drawing: drawing, background: nil, budget: budget, cancellation: nil,
        clipRows: clipRows, survey: survey,
        coverageMask: coverageMask)
      cairo_destroy(cr)
    }
    return survey
  }

  /// The rows at which a bandable tree drawn into `bitmap` is cut into `count` bands (see
  /// ``BandPlan``), or nil when it is drawn in one, with the reason in `refusal`. Walks the
  /// tree once on a context of the bitmap's size without drawing.
  func bandEdges(
    _ count: Int, for bitmap: inout Bitmap, drawing: Size, budget: PixelBudget,
    refusal: inout String?
  ) -> [Int]? {
    let survey = survey(of: &bitmap, drawing: drawing, budget: budget)
    let edges = BandPlan.edges(count: count, rows: 0..<bitmap.height, survey: survey)
    if edges == nil { refusal = survey.refusal ?? "no band edges avoid the band hazard" }
    return edges
  }
}
