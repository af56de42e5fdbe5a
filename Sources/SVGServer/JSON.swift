import SVGQuery

/// The service writes JSON with SVGQuery's writer, the one `svg-query --json` uses.
public typealias JSON = SVGQuery.JSON
