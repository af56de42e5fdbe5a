// The umbrella module: `import Inkpath` gives the whole library, one stage a module
// (see the Architecture article in this module's documentation catalog, Inkpath.docc).
@_exported import SVGCommands
@_exported import SVGGeometry
@_exported import SVGInline
@_exported import SVGQuery
@_exported import SVGRender
@_exported import SVGTree
