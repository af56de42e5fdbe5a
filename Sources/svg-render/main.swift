import CommandLineKit
import RenderCommand

// svg-render: the command line is read by CommandLineKit against RenderCommand's table, and
// the run is RenderCommand's (see the README's architecture part).
runTool(.svgRender) { args in
  try RenderInvocation(args, environment: Environment.values(of: RenderJob.environmentNames))
    .run(messages: .console)
}
