"""Writes docs/benchmarks.md from `scripts/bench --report`: the figures, the ratios against
rsvg-convert and resvg, and a chart drawn as SVG here and rendered to PNG by svg-render."""
import datetime, os, platform, subprocess
from xml.sax.saxutils import escape

PEERS = ["svg-render", "rsvg-convert", "resvg"]
COLOURS = {"svg-render": "#2b6cb0", "rsvg-convert": "#9b9b9b", "resvg": "#d08a2e"}


def version(cmd):
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=10).stdout.strip()
        return out.splitlines()[0] if out else "?"
    except (OSError, subprocess.SubprocessError):
        return "not installed"


def cpu():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.machine()


def comparisons(results):
    """(case title, {peer: seconds}, {peer: peak MiB}) for the cases measured against
    rsvg-convert and resvg."""
    out = []

    def add(title, figures):
        figures = {k: v for k, v in figures.items() if k in PEERS}
        out.append((title, {k: v["wall"] for k, v in figures.items()},
                    {k: v["peak_mib"] for k, v in figures.items()}))

    if "render" in results:
        add("render: each of the largest openclipart drawings to an 800 px PNG, one process "
            "per file", results["render"])
    if "thumbs" in results:
        th = results["thumbs"]
        add(f"thumbs: 64 px thumbnails of {th['drawings']} drawings{th['refused']}, one process "
            "per file", th)
    if "filter" in results:
        add(f"filter: {results['filter']['source']} blurred (50) with a drop shadow, "
            "at 2000 px", {k: v for k, v in results["filter"].items() if k != "source"})
    return out


def chart_svg(rows):
    """Horizontal bars, one group per case: each peer's time relative to svg-render's."""
    width, left, bar, gap, top = 720, 150, 22, 6, 56
    scale_max = max([v / r["svg-render"] for _, r in rows for v in r.values()] + [1.0])
    scale_max = max(1.0, round(scale_max * 1.15 + 0.05, 1))
    plot = width - left - 70
    y = top
    body = []
    for title, times in rows:
        body.append(f'<text x="16" y="{y + 4}" font-weight="bold">{escape(title.split(":")[0])}</text>')
        y += 14
        for peer in PEERS:
            if peer not in times:
                continue
            ratio = times[peer] / times["svg-render"]
            w = plot * ratio / scale_max
            body.append(f'<text x="{left - 10}" y="{y + bar * 0.7}" text-anchor="end">{peer}</text>')
            body.append(f'<rect x="{left}" y="{y}" width="{w:.1f}" height="{bar}" '
                        f'fill="{COLOURS[peer]}"/>')
            body.append(f'<text x="{left + w + 6:.1f}" y="{y + bar * 0.7}">{ratio:.2f}x '
                        f'({times[peer]:.2f} s)</text>')
            y += bar + gap
        y += 22
    one = left + plot / scale_max
    height = y + 10
    return f"""<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="13">
<rect width="100%" height="100%" fill="white"/>
<text x="16" y="26" font-size="16" font-weight="bold">Time relative to svg-render (1x), lower is faster</text>
<line x1="{one:.1f}" y1="{top - 14}" x2="{one:.1f}" y2="{height - 24}" stroke="#444" stroke-dasharray="4 3"/>
{chr(10).join(body)}
</svg>
"""


def write(root, results, files, runs, resvg):
    """docs/benchmarks.{md,svg,png} from `results`; `resvg` is the executable that was measured."""
    docs = os.path.join(root, "docs")
    os.makedirs(docs, exist_ok=True)
    rows = [(t, r) for t, r, _ in comparisons(results) if "svg-render" in r]
    memory = {t: m for t, _, m in comparisons(results)}
    svg_path = os.path.join(docs, "benchmarks.svg")
    png_path = os.path.join(docs, "benchmarks.png")
    with open(svg_path, "w") as f:
        f.write(chart_svg(rows))
    render = os.path.join(root, ".build/release/svg-render")
    subprocess.run([render, svg_path, "-o", png_path], check=True)

    svg_render = version([render, "--version"])
    rsvg = version(["rsvg-convert", "--version"])
    resvg = version([resvg, "--version"])
    lines = [
        "# Benchmarks",
        "",
        "Written by `scripts/bench --report`; do not edit. Each time is the median of "
        f"{runs} runs in which the tools alternate, on the same files, in the same run, so the "
        "ratios compare like with like on a shared machine (wall time; the executables are "
        "built by `scripts/release-build`, as `scripts/install` builds them). Peak memory "
        "is the largest resident set of one process of the case.",
        "",
        f"- Machine: {os.cpu_count()} cores, {cpu()}, {platform.system()} {platform.release()}",
        f"- Date: {datetime.date.today().isoformat()}",
        f"- Tools: {svg_render}; {rsvg}; resvg {resvg}",
        "",
        "![Time relative to svg-render, lower is faster](benchmarks.png)",
        "",
        "| case | svg-render | rsvg-convert | resvg | svg-render / rsvg-convert | "
        "svg-render / resvg |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for title, times in rows:
        mem = memory.get(title, {})
        cells = [f"{times[p]:.2f} s ({mem[p]:.0f} MiB)" if p in times else "n/a" for p in PEERS]
        ratios = [f"{times['svg-render'] / times[p]:.2f}x" if p in times else "n/a"
                  for p in PEERS[1:]]
        label = title.replace("largest", f"{files} largest")
        lines.append(f"| {label} | " + " | ".join(cells + ratios) + " |")
    lines += ["", "A ratio below 1 means svg-render is faster."]
    if "thumbs" in results and "resvg" in results["thumbs"]:
        b, r = results["thumbs"]["svg-render batch"], results["thumbs"]["resvg"]
        lines += ["", f"The same thumbnails in one batch call (`svg-render -w 64 FILES -o DIR`): "
                  f"{b['wall']:.2f} s ({b['peak_mib']:.0f} MiB), {b['wall'] / r['wall']:.2f}x "
                  "resvg's loop."]
    if "startup" in results:
        st = results["startup"]
        cells = ", ".join(f"{k} {v['wall'] * 1000:.1f} ms (CPU {v['cpu'] * 1000:.1f} ms)"
                          for k, v in st.items())
        lines += ["", f"Start-up alone (`--version`, median of at least 30 runs): {cells}."]
    if "tree" in results:
        a, b = results["tree"]["svg-bench"], results["tree"]["xmllint"]
        lines += ["", f"Source tree of one generated 7 MB file of 100,000 paths: "
                  f"{a['wall']:.3f} s ({a['peak_mib']:.0f} MiB) against {b['wall']:.3f} s "
                  f"({b['peak_mib']:.0f} MiB) for `xmllint --noout`: "
                  f"{a['wall'] / b['wall']:.2f}x in wall time, {a['cpu'] / b['cpu']:.2f}x in CPU "
                  "time (the goal is at most 1.5x)."]
    if "parse" in results:
        p = {k: v["wall"] for k, v in results["parse"].items()}
        lines += [
            "",
            f"Parsing alone, the {files} largest drawings into the source tree in one process: "
            f"{p['svg-bench']:.2f} s, against {p['xmllint']:.2f} s for `xmllint --noout` "
            f"(libxml2 alone, the floor): {p['svg-bench'] / p['xmllint']:.2f}x (the goal is at "
            "most 2x).",
        ]
    if "tap" in results:
        t = results["tap"]
        lines += [
            "",
            f"Colouring a line drawing: one `fillRegionAt` on {t['drawing']} (rendered at 2,048 "
            f"px, flooded, traced) takes {t['0'] * 1000:.0f} ms, {t['10'] * 1000:.0f} ms with "
            "a gap of 10 (CPU time of svg-render with the tap minus without it).",
        ]
    lines += ["", "Run it again with `scripts/bootstrap --bench && scripts/bench --report`.", ""]
    path = os.path.join(docs, "benchmarks.md")
    serve = serve_section(path)
    with open(path, "w") as f:
        f.write("\n".join(lines) + ("\n" + serve if serve else ""))
    print(f"wrote {os.path.relpath(os.path.join(docs, 'benchmarks.md'), root)}, "
          f"{os.path.relpath(svg_path, root)} and {os.path.relpath(png_path, root)}")


SERVE_START = "<!-- svg-serve: written by scripts/bench --report serve -->"


def serve_section(path):
    """The svg-serve section of an existing report ('' when there is none)."""
    try:
        text = open(path).read()
    except OSError:
        return ""
    i = text.find(SERVE_START)
    return text[i:] if i >= 0 else ""


def write_serve(root, rows, duration):
    """Writes (or replaces) the svg-serve section at the end of docs/benchmarks.md."""
    path = os.path.join(root, "docs", "benchmarks.md")
    text = open(path).read() if os.path.exists(path) else "# Benchmarks\n"
    i = text.find(SERVE_START)
    if i >= 0:
        text = text[:i]
    lines = [SERVE_START, "", "## svg-serve throughput", "",
             f"svg-serve (release) on loopback, driven by wrk for {duration} s per case on the "
             f"same machine ({os.cpu_count()} cores, {cpu()}, {datetime.date.today().isoformat()}); every post is "
             "a transaction with a revision check, answered after its commit is durable "
             "(SQLite WAL with synchronous=FULL; PostgreSQL with fsync and synchronous_commit "
             "on, a cluster of its own on a Unix socket), with a snapshot every 100 entries. "
             f"Load average when it ended: {os.getloadavg()[0]:.1f} (other work on the machine "
             "lowers every figure; compare rows of one run).",
             "", "| case | requests/s | p50 | p99 |", "| --- | ---: | ---: | ---: |"]
    for r in rows["renders"]:
        lines.append(f"| POST /render {r['name']} ({r['file']}, {r['kib']} KiB), 2 connections"
                     f"{'' if 'cache' in r['name'] else ', a new body each request'} "
                     f"| {r['renders']:.0f} renders/s | {r['p50']} | {r['p99']} |")
    for r in rows["posts"]:
        errors = f", {r['errors']} errors" if r["errors"] else ""
        lines.append(f"| durable command posts, {r['store']}, 8 connections on 8 documents "
                     f"({r['stored']} stored{errors}) | {r['posts']:.0f} posts/s | | {r['p99']} |")
    lines += ["", "Run it again with `scripts/bootstrap --bench && scripts/bench --report serve`.", ""]
    with open(path, "w") as f:
        f.write(text.rstrip("\n") + "\n\n" + "\n".join(lines))
