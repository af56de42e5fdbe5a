import SVGTree
