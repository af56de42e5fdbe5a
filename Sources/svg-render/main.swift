import SVGTree

print("svg-render: not yet")
