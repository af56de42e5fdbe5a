print("svg-query")
